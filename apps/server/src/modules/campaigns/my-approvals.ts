import type { ApprovalItem } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { type CampaignHelpers, type CampaignsDeps, toRow } from './shared';

/** Submissions I may decide: not my own change, not decided by me in this round. */
export async function myApprovals(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  corp: Corp,
  staffId: string,
): Promise<{ items: ApprovalItem[] }> {
  const db = deps.database.db;
  const now = deps.clock();
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
      approvalsGiven: decided.filter((d) => d.campaign_id === r.id && d.round === r.round && d.decision === 'approve')
        .length,
      budgetCents: Number(r.budget_cents),
    }));
  return { items };
}
