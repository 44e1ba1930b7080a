import {
  budgetCents,
  type CampaignDraft,
  type CampaignSummary,
  expectedCostPer1000,
  exposure,
  type Locale,
  oddsTable,
} from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import { shapeProblems } from './shape';
import type { CampaignHelpers, CampaignsDeps } from './shared';

async function summary(deps: CampaignsDeps, corpId: string, draft: CampaignDraft): Promise<CampaignSummary> {
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

/** The server's checks on a draft, nothing stored: field errors, odds, cost, exposure and approvals needed. */
export async function checkDraft(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  corp: Corp,
  id: string,
  draft: CampaignDraft,
  locale: Locale,
) {
  await h.load(corp.id, id);
  // The draft's types first: no rule and no figure reads a draft that is not one (the figures then say 0).
  const shape = shapeProblems(draft, locale);
  if (Object.keys(shape).length) {
    return { ok: false, fields: shape, summary: await summary(deps, corp.id, { kind: draft.kind }) };
  }
  const fields = await h.problems(corp.id, id, draft, locale);
  return { ok: Object.keys(fields).length === 0, fields, summary: await summary(deps, corp.id, draft) };
}
