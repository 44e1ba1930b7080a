import type { ApprovalKind } from '@campaign/contract';
import type { Transaction } from 'kysely';
import { handOver, type TablesOf } from '../../db/owners';
import { stepsIn } from '../../db/tx';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RequestStaff } from '../../platform/session';
import { type ApprovalsContext, loadRequest, type RequestRow } from './context';
import type { ApprovalEffect } from './ports';
import * as repo from './repo';
import { detailOf, toSubject } from './request-view';

/** One decision as the transaction applies it. */
interface Decision {
  staff: RequestStaff;
  r: RequestRow;
  id: string;
  status: 'approved' | 'rejected';
  text: string | null;
  now: number;
  effect: ApprovalEffect | undefined;
}

/**
 * One decision: never by the requester, a reason to reject, once. The conditional update, the kind's
 * effect and the audit line are one transaction; the loser of a race is told who decided and when.
 */
export async function decideRequest(
  ctx: ApprovalsContext,
  staff: RequestStaff,
  id: string,
  decision: 'approve' | 'reject',
  comment: string | undefined,
) {
  const r = await loadRequest(ctx, staff.corpId, id);
  if (r.requested_by === staff.id) throw new AppError('APPROVAL_OWN_REQUEST');
  const text = comment?.trim() || null;
  if (decision === 'reject' && (!text || text.length < 2)) throw new AppError('APPROVAL_COMMENT_REQUIRED');
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const now = ctx.clock();
  const effect = ctx.effects()[r.kind as ApprovalKind];
  const won = await ctx.db
    .transaction()
    .execute((tx) => applyDecision(ctx, tx, { staff, r, id, status, text, now, effect }));
  const after = await loadRequest(ctx, staff.corpId, id);
  if (!won) throw alreadyDecided(after);
  return detailOf(ctx, after, staff);
}

/**
 * The decision's transaction: the subject's other pending requests held first (PostgreSQL, a kind that
 * settles its subject), then the conditional update; false when another decision won.
 */
async function applyDecision(
  { database }: ApprovalsContext,
  tx: Transaction<TablesOf<'approvals'>>,
  { staff, r, id, status, text, now, effect }: Decision,
): Promise<boolean> {
  if (effect?.settles && database.kind === 'postgres') {
    await repo.holdPendingOfSubject(tx, staff.corpId, r.kind, r.subject);
  }
  const changed = await repo.decide(tx, {
    corpId: staff.corpId,
    id,
    status,
    by: staff.id,
    byName: staff.name,
    at: now,
    comment: text,
  });
  if (!changed) return false;
  const subject = toSubject(r);
  if (status === 'approved') await effect?.approved?.(handOver(tx), subject, staff.id, now, staff.name);
  else await effect?.rejected?.(handOver(tx), subject, staff.id, now);
  const events: { requestId: string; action: 'approved' | 'rejected' | 'closed'; comment: string | null }[] = [
    { requestId: id, action: status, comment: text },
  ];
  if (status === 'approved' && effect?.settles) {
    const reason = effect.settles(subject, now);
    const closed = await repo.closeOthersOfSubject(tx, {
      corpId: staff.corpId,
      kind: r.kind,
      subject: r.subject,
      exceptId: id,
      by: staff.id,
      byName: staff.name,
      at: now,
      comment: reason,
    });
    for (const other of closed) events.push({ requestId: other, action: 'closed', comment: reason });
  }
  await stepsIn(tx, function* (x) {
    for (const e of events) {
      yield* repo.insertEvent(x, {
        id: newSortableId(),
        corp_id: staff.corpId,
        request_id: e.requestId,
        action: e.action,
        actor: staff.id,
        comment: e.comment,
        at: now,
      });
    }
  });
  return true;
}

/** What the loser of a race is told: who decided and when, or why the request was closed. */
function alreadyDecided(after: RequestRow): AppError {
  const when = new Date(Number(after.decided_at)).toISOString().slice(0, 16).replace('T', ' ');
  const name = after.decided_by_name ?? after.decided_by ?? '';
  if (after.status === 'closed') {
    return new AppError('APPROVAL_ALREADY_DECIDED', {
      'zh-CN': `该申请已于 ${when}（UTC）关闭：${after.comment ?? ''}`,
      'en-US': `closed at ${when} UTC: ${after.comment ?? ''}`,
    });
  }
  return new AppError('APPROVAL_ALREADY_DECIDED', {
    'zh-CN': `${name} 已于 ${when}（UTC）${after.status === 'approved' ? '通过' : '驳回'}`,
    'en-US': `${after.status} by ${name} at ${when} UTC`,
  });
}
