import { type ApprovalKind, REVIEW_DUE_HOURS, type ReviewCase } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RequestStaff } from '../../platform/session';
import type { ApprovalsContext } from './context';
import { decideRequest } from './decide-request';
import * as repo from './repo';
import { displayContext, namesFor, summary } from './request-view';

/** How many decided cases the queue's 已处理 tab shows (newest first). */
const DONE_SHOWN = 100;

/**
 * The console's review queue (issue 35): the requests that wait for a second person, oldest first, each with
 * its context lines (the risk holds and appeals name their device and address, so the screen can group them)
 * and its deadline; or the last decided ones.
 */
export async function reviewQueue(
  ctx: ApprovalsContext,
  staff: RequestStaff,
  query: { kind?: ApprovalKind; status: 'pending' | 'done' },
): Promise<{ items: ReviewCase[] }> {
  const rows =
    query.status === 'pending'
      ? await repo.pendingRequests(ctx.db, staff.corpId)
      : await repo.decidedRequests(ctx.db, staff.corpId, DONE_SHOWN);
  const mine = rows.filter((r) => !query.kind || r.kind === query.kind);
  const who = await namesFor(ctx, staff.corpId, mine);
  return {
    items: mine.map((r) => ({
      ...summary(r, who),
      context: displayContext(JSON.parse(r.context) as Record<string, string>),
      dueAt: Number(r.created_at) + REVIEW_DUE_HOURS[r.kind as ApprovalKind] * 3_600_000,
      canDecide: r.status === 'pending' && r.requested_by !== staff.id && staff.roles.includes('approver'),
    })),
  };
}

/**
 * One decision applied to many cases alike, one at a time (each its own transaction with its effect, as a
 * single decision is): the ones decided, and the ones refused with the reason in Chinese (decided by someone
 * else meanwhile, one's own request). A reject without a reason refuses the whole call before anything.
 */
export async function decideMany(
  ctx: ApprovalsContext,
  staff: RequestStaff,
  input: { ids: string[]; decision: 'approve' | 'reject'; comment?: string },
) {
  const text = input.comment?.trim() ?? '';
  if (input.decision === 'reject' && text.length < 2) throw new AppError('APPROVAL_COMMENT_REQUIRED');
  const decided: string[] = [];
  const refused: { id: string; message: string }[] = [];
  for (const id of [...new Set(input.ids)]) {
    try {
      await decideRequest(ctx, staff, id, input.decision, input.comment);
      decided.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // With its detail: who decided it meanwhile, or why its effect refused (a reversal's stock gone).
      refused.push({ id, message: err.messageFor('zh-CN') });
    }
  }
  return { decided, refused };
}
