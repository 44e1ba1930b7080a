import type { CampaignState, RevisionState } from '@campaign/contract';
import type { Transaction } from 'kysely';
import { handOver, own, type TablesOf } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { noticeReviewed } from './notices';
import { publishApproved } from './publish';
import * as repo from './repo';
import { type Acting, type CampaignHelpers, type CampaignsDeps, isPublished, stateNow } from './shared';

export type ReviewInput = {
  id: string;
  rev: number;
  decision: 'approve' | 'request_changes' | 'reject';
  comment: string;
};

export type ReviewResult = {
  state: CampaignState;
  revisionState: RevisionState | null;
  approvalsNeeded: number;
  approvalsGiven: number;
  version: number | null;
};

/**
 * Why a review finds nothing to decide: the submission was published, rejected or sent back (by the other
 * approvers, maybe a moment ago), or the campaign is in no state to be reviewed.
 */
function notReviewable(row: repo.CampaignRowDb, state: CampaignState): AppError {
  const outcome = isPublished(state) ? row.revision_state : state;
  const decided = outcome === null || outcome === 'rejected' || outcome === 'changes_requested';
  return new AppError(decided ? 'CAMPAIGN_ALREADY_DECIDED' : 'CAMPAIGN_STATE');
}

/** An approver's decision on the rev they read; the last of N approvals publishes it. */
export async function reviewCampaign(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  acting: Acting,
  corp: Corp,
  input: ReviewInput,
): Promise<ReviewResult> {
  const row = await h.load(corp.id, input.id);
  if (input.rev !== row.draft_rev) throw new AppError('CAMPAIGN_REV_CHANGED');
  const now = deps.clock();
  const state = stateNow(row, now);
  const published = isPublished(state);
  const pending = published ? row.revision_state === 'submitted' : state === 'submitted';
  if (!pending) throw notReviewable(row, state);
  const by = acting.actor.id;
  if ((JSON.parse(row.editors) as string[]).includes(by) || row.submitted_by === by) {
    throw new AppError('CAMPAIGN_OWN_CHANGE');
  }
  if (input.decision !== 'approve' && input.comment.trim().length < 2) throw new AppError('CAMPAIGN_COMMENT_REQUIRED');
  return deps.database.db
    .transaction()
    .execute((tx) => decide(deps, h, tx, acting, corp, input, row, { state, published, now }));
}

/** The review in its transaction: its turn on the row, the review row, the audit, and what it decides. */
async function decide(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  tx: Transaction<TablesOf<'campaigns'>>,
  acting: Acting,
  corp: Corp,
  input: ReviewInput,
  row: repo.CampaignRowDb,
  { state, published, now }: { state: CampaignState; published: boolean; now: number },
): Promise<ReviewResult> {
  const by = acting.actor.id;
  const t = own('campaigns', tx);
  // Holds the row while the submission still waits: simultaneous reviews of one campaign take turns, the
  // count below sees them all, and one queued behind the publication (or a rejection) finds it decided.
  if (!(await repo.holdForReview(t, corp.id, row.id, { rev: row.draft_rev, round: row.round, revision: published }))) {
    const latest = await h.load(corp.id, row.id, t);
    if (latest.draft_rev !== row.draft_rev || latest.round !== row.round) {
      throw new AppError('CAMPAIGN_REV_CHANGED');
    }
    throw notReviewable(latest, stateNow(latest, deps.clock()));
  }
  const round = (await repo.reviews(t, corp.id, row.id)).filter((r) => r.round === row.round);
  if (round.some((r) => r.reviewer === by)) throw new AppError('CAMPAIGN_ALREADY_REVIEWED');
  await repo.insertReview(t, {
    corp_id: corp.id,
    campaign_id: row.id,
    round: row.round,
    rev: row.draft_rev,
    revision: published ? 1 : 0,
    reviewer: by,
    decision: input.decision,
    comment: input.comment.trim(),
    at: now,
  });
  const given = round.filter((r) => r.decision === 'approve').length + (input.decision === 'approve' ? 1 : 0);
  await h.audit(
    handOver(tx),
    acting,
    corp.id,
    'campaign.review',
    row.id,
    { state, revisionState: row.revision_state },
    {
      rev: row.draft_rev,
      decision: input.decision,
      comment: input.comment.trim(),
      approvalsGiven: given,
      approvalsNeeded: row.approvals_needed,
    },
  );
  const result = { approvalsNeeded: row.approvals_needed, approvalsGiven: given, version: row.version };
  const decided = input.decision !== 'approve' || given >= row.approvals_needed;
  await noticeReviewed(deps, handOver(tx), corp.id, row, { decision: input.decision, decided, by, at: now });
  if (!decided) return { ...result, state, revisionState: row.revision_state as RevisionState | null };
  if (input.decision !== 'approve') {
    const to: 'rejected' | 'changes_requested' = input.decision === 'reject' ? 'rejected' : 'changes_requested';
    await repo.updateIf(
      t,
      corp.id,
      row.id,
      { rev: row.draft_rev, round: row.round },
      published ? { revision_state: to } : { state: to },
    );
    return { ...result, state: published ? state : to, revisionState: published ? to : null };
  }
  const done = await publishApproved(deps, h, tx, acting, corp.id, row, state);
  return { ...result, ...done };
}
