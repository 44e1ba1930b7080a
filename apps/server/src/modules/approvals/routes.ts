import type { approvalsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { RequestStaff } from '../../platform/session';
import type { ApprovalsService } from './service';

/** A console session acts as its staff member (the same id, the roles the console grants). */
const asStaff = (corpId: string, who: { id: string; name: string; roles: string[] }): RequestStaff => ({
  id: who.id,
  corpId,
  name: who.name,
  roles: who.roles as RequestStaff['roles'],
  stores: [],
});

export function approvalsHandlers(svc: ApprovalsService): HandlersOf<typeof approvalsEndpoints> {
  return {
    approvalTodo: async ({ staff }) => svc.todo(staff),
    approvalDetail: async ({ staff, query }) => svc.detail(staff, query.id),
    approvalDecide: async ({ staff, body }) => svc.decide(staff, body.id, body.decision, body.comment),
    consoleRequests: async ({ corp, console: who, query }) => svc.queue(asStaff(corp.id, who), query),
    consoleRequestDecide: async ({ corp, console: who, body }) => svc.decideMany(asStaff(corp.id, who), body),
  };
}
