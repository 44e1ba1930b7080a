import type { CampaignDetail, CampaignDraft } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { type CampaignHelpers, type CampaignsDeps, isPublished, parseDraft, stateNow, toRow } from './shared';

/**
 * Left out of a campaign's history: each save of the draft (many an hour; the draft rev counts them), the
 * reviews (listed with their comments), and what changes nothing (a simulation, a preview link, a YAML copy).
 */
const QUIET_ACTIONS = [
  'campaign.save',
  'campaign.review',
  'campaign.simulate',
  'campaign.preview-link',
  'campaign.yaml-export',
];
/** The latest this many; the audit log holds them all. */
const HISTORY_LIMIT = 50;

/** One campaign: its row, draft and live version, the reviews of its submissions and its history. */
export async function campaignDetail(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  corp: Corp,
  id: string,
): Promise<CampaignDetail> {
  const row = await h.load(corp.id, id);
  const now = deps.clock();
  const [reviews, halted, record, trail] = await Promise.all([
    repo.reviews(deps.database.db, corp.id, id),
    deps.halts.halted(corp.id),
    row.version === null ? null : deps.live.record(corp.id, id),
    deps.trail.trail(corp.id, id, { exclude: QUIET_ACTIONS, limit: HISTORY_LIMIT }),
  ]);
  const names = await h.names(corp.id, [
    row.updated_by,
    row.maker,
    row.submitted_by,
    ...reviews.map((r) => r.reviewer),
  ]);
  const who = (sid: string) => ({ id: sid, name: names.get(sid) ?? sid });
  const draft = parseDraft(row.draft) as CampaignDraft;
  const state = stateNow(row, now);
  const pending = isPublished(state) ? row.revision_state === 'submitted' : state === 'submitted';
  return {
    campaign: {
      ...toRow(row, names, now, halted),
      maker: who(row.maker),
      slot: row.slot,
      commitment: record?.commitment ?? null,
      seedRevealed: record?.seed != null,
      seed: record?.seed ?? null,
      submittedBy: row.submitted_by ? who(row.submitted_by) : null,
    },
    draft,
    rev: row.draft_rev,
    live: parseDraft(row.live),
    reviews: reviews.map((r) => ({
      by: who(r.reviewer),
      decision: r.decision as 'approve' | 'request_changes' | 'reject',
      comment: r.comment,
      rev: r.rev,
      revision: r.revision === 1,
      at: Number(r.at),
      current: pending && r.round === row.round,
    })),
    // Oldest first, as the reviews read.
    history: trail.reverse(),
    approvalsNeeded: row.approvals_needed,
    approvalsGiven: pending ? reviews.filter((r) => r.round === row.round && r.decision === 'approve').length : 0,
  };
}
