import type { approvalsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { ApprovalsService } from './service';

export function approvalsHandlers(svc: ApprovalsService): HandlersOf<typeof approvalsEndpoints> {
  return {
    approvalTodo: async ({ staff }) => svc.todo(staff),
    approvalDetail: async ({ staff, query }) => svc.detail(staff, query.id),
    approvalDecide: async ({ staff, body }) => svc.decide(staff, body.id, body.decision, body.comment),
  };
}
