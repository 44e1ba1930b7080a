import { decideMany, reviewQueue } from './console-queue';
import { type ApprovalsContext, type ApprovalsDeps, createApprovalsContext } from './context';
import { decideRequest } from './decide-request';
import { decidedCase } from './decided-case';
import { holdPrize } from './hold-prize';
import { makeRequest } from './make-request';
import { requestDetail } from './request-detail';
import { todoList } from './todo-list';

export { SYSTEM_REQUESTER } from './context';
export type { NewRequest } from './request-step';
export { displayContext } from './request-view';

/**
 * Approvals (docs/decisions/0321-approvals.md): requests of any kind, the approver's to-do list, and one
 * decision per request with the kind's effect in the same transaction. One use case per file; this only
 * binds them.
 */
export function createApprovalsService(deps: ApprovalsDeps) {
  const ctx = createApprovalsContext(deps);
  const use =
    <A extends unknown[], R>(useCase: (c: ApprovalsContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  return {
    holdPrize,
    request: use(makeRequest),
    todo: use(todoList),
    detail: use(requestDetail),
    decide: use(decideRequest),
    queue: use(reviewQueue),
    decideMany: use(decideMany),
    decidedCase: use(decidedCase),
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
