import {
  type ApprovalItem,
  budgetCents,
  type CampaignDetail,
  type CampaignDraft,
  type CampaignRow,
  type CampaignSummary,
  expectedCostPer1000,
  exposure,
  type Locale,
  oddsTable,
} from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import { diffDrafts } from './diff';
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

/** What the console reads: the paged list, one campaign, its diff, the checks' verdict, my approvals. */
export function createReads(deps: CampaignsDeps, h: CampaignHelpers) {
  const db = deps.database.db;
  const { clock } = deps;

  async function summary(corpId: string, draft: CampaignDraft): Promise<CampaignSummary> {
    const prizes = Array.isArray(draft.activity?.prizes) ? draft.activity.prizes : [];
    const budget = budgetCents(draft);
    return {
      odds: oddsTable(prizes),
      expectedCostPer1000Cents: expectedCostPer1000(prizes),
      exposureCents: exposure(prizes),
      budgetCents: budget,
      approvalsNeeded: await deps.policy.requiredApprovals(corpId, budget),
    };
  }

  return {
    async list(
      corp: Corp,
      q: {
        state?: CampaignRow['state'] | undefined;
        kind?: string | undefined;
        q?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const now = clock();
      const [{ rows, total }, halted] = await Promise.all([
        repo.listCampaigns(db, corp.id, q, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize }),
        deps.halts.halted(corp.id),
      ]);
      const names = await h.names(
        corp.id,
        rows.map((r) => r.updated_by),
      );
      return { items: rows.map((r) => toRow(r, names, now, halted)), total, page: q.page, pageSize: q.pageSize };
    },

    async detail(corp: Corp, id: string): Promise<CampaignDetail> {
      const row = await h.load(corp.id, id);
      const now = clock();
      const [reviews, halted, record, trail] = await Promise.all([
        repo.reviews(db, corp.id, id),
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
    },

    async diff(corp: Corp, id: string) {
      const row = await h.load(corp.id, id);
      return { rev: row.draft_rev, changes: diffDrafts(parseDraft(row.live), parseDraft(row.draft) as CampaignDraft) };
    },

    /** The server's checks on a draft, nothing stored: field errors, odds, cost, exposure and approvals needed. */
    async check(corp: Corp, id: string, draft: CampaignDraft, locale: Locale) {
      await h.load(corp.id, id);
      const fields = await h.problems(corp.id, id, draft, locale);
      return { ok: Object.keys(fields).length === 0, fields, summary: await summary(corp.id, draft) };
    },

    /** Submissions I may decide: not my own change, not decided by me in this round. */
    async approvals(corp: Corp, staffId: string): Promise<{ items: ApprovalItem[] }> {
      const now = clock();
      const rows = await repo.waiting(db, corp.id);
      const decided = await repo.reviewsOfRounds(
        db,
        corp.id,
        rows.map((r) => ({ id: r.id, round: r.round })),
      );
      const halted = await deps.halts.halted(corp.id);
      const names = await h.names(
        corp.id,
        rows.flatMap((r) => [r.updated_by, r.submitted_by]),
      );
      const items = rows
        .filter((r) => !(JSON.parse(r.editors) as string[]).includes(staffId) && r.submitted_by !== staffId)
        .filter((r) => !decided.some((d) => d.campaign_id === r.id && d.round === r.round && d.reviewer === staffId))
        .map((r) => ({
          ...toRow(r, names, now, halted),
          rev: r.draft_rev,
          submittedAt: Number(r.submitted_at ?? r.updated_at),
          submittedBy: { id: r.submitted_by ?? '', name: names.get(r.submitted_by ?? '') ?? r.submitted_by ?? '' },
          approvalsNeeded: r.approvals_needed,
          approvalsGiven: decided.filter(
            (d) => d.campaign_id === r.id && d.round === r.round && d.decision === 'approve',
          ).length,
          budgetCents: Number(r.budget_cents),
        }));
      return { items };
    },
  };
}
