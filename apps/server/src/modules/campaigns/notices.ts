import type { PortTx } from '../../db/owners';
import type * as repo from './repo';
import type { CampaignsDeps } from './shared';

// What the bell tells about a campaign's review (platform/notifications-port.ts, ADR 0376): approvers that a
// submission waits for them, its makers what was decided. In the caller's transaction: a review rolled back
// tells nobody. One notification per round, however often a producer runs.

type Row = Pick<repo.CampaignRowDb, 'id' | 'title' | 'editors' | 'submitted_by'>;

/** Who made the change under review: everyone who edited the draft, and whoever submitted it. */
const makersOf = (row: Row) => [
  ...new Set([...(JSON.parse(row.editors) as string[]), ...(row.submitted_by ? [row.submitted_by] : [])]),
];

/** A submission (round `round`) waits for every approver who did not make it. */
export async function noticeSubmitted(
  deps: CampaignsDeps,
  tx: PortTx,
  corpId: string,
  row: Row,
  round: number,
  at: number,
): Promise<void> {
  await deps.notify.notify(tx, {
    corpId,
    kind: 'approval_waiting',
    to: { roles: ['approver'], except: makersOf(row) },
    subject: row.id,
    key: `${row.id}:${round}`,
    title: row.title,
    at,
  });
}

/**
 * A review: a vote that decides nothing yet stops the submission waiting for its voter; a decision tells the
 * makers (changes requested, rejected or approved) and stops it waiting for every approver.
 */
export async function noticeReviewed(
  deps: CampaignsDeps,
  tx: PortTx,
  corpId: string,
  row: Row & { round: number },
  r: { decision: 'approve' | 'request_changes' | 'reject'; decided: boolean; by: string; at: number },
): Promise<void> {
  const waiting = { corpId, kind: 'approval_waiting' as const, subject: row.id, at: r.at };
  if (!r.decided) {
    await deps.notify.settle(tx, { ...waiting, staffId: r.by });
    return;
  }
  await deps.notify.settle(tx, waiting);
  const kind = r.decision === 'approve' ? 'approved' : r.decision === 'reject' ? 'rejected' : 'changes_requested';
  await deps.notify.notify(tx, {
    corpId,
    kind,
    to: { staff: makersOf(row) },
    subject: row.id,
    key: `${row.id}:${row.round}`,
    title: row.title,
    at: r.at,
  });
}
