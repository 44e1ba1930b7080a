import type { RequestStaff } from '../../platform/session';
import type { ApprovalsContext } from './context';
import * as repo from './repo';
import { namesFor, summary } from './request-view';

const DONE_SHOWN = 50;

/** Pending first (oldest first: first come, first decided), then the latest decided. */
export async function todoList(ctx: ApprovalsContext, staff: RequestStaff) {
  const [pending, done] = await Promise.all([
    repo.pendingRequests(ctx.db, staff.corpId),
    repo.decidedRequests(ctx.db, staff.corpId, DONE_SHOWN),
  ]);
  const who = await namesFor(ctx, staff.corpId, [...pending, ...done]);
  return { pending: pending.map((r) => summary(r, who)), done: done.map((r) => summary(r, who)) };
}
