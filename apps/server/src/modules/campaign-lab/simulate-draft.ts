import type { Simulation, simulateBodySchema } from '@campaign/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { activityOrFail, draftShapeOrFail, record, storedDraft } from './lab-steps';
import type { Acting } from './ports';
import { simulate } from './simulate';

/** Up to 1,000,000 simulated draws of the draft's table over the traffic curve (stores nothing but the audit). */
export async function simulateDraft(
  deps: CampaignLabDeps,
  acting: Acting,
  corp: Corp,
  body: z.output<typeof simulateBodySchema>,
): Promise<Simulation> {
  const stored = await storedDraft(deps, corp.id, body.id);
  const draft = body.draft ?? stored.draft;
  // An unsaved draft is checked against the contract's draft schema before anything reads it.
  if (body.draft !== undefined) draftShapeOrFail({ kind: stored.kind, ...(body.draft as object) }, acting.locale);
  const { activity, prizes } = activityOrFail(deps, draft, corp.id, body.id);
  if (body.curve && body.curve.length !== body.days) {
    throw new AppError('CAMPAIGN_LAB_DRAFT_INVALID', 'curve', {
      fields: { 'body.curve': `须有 ${body.days} 个值` },
    });
  }
  const started = performance.now();
  const c = activity.chances;
  const result = simulate(
    deps.engine,
    {
      prizes,
      draws: body.draws,
      days: body.days,
      ...(body.curve ? { curve: body.curve } : {}),
      ...(body.budgetCents !== undefined ? { budgetCents: body.budgetCents } : {}),
      drawsPerCustomer: c.perActivity ?? (c.perDay ?? 1) * body.days,
    },
    deps.randomBytes,
  );
  const elapsedMs = Math.round(performance.now() - started);
  await record(deps, acting, corp.id, 'campaign.simulate', body.id, {
    draws: body.draws,
    days: body.days,
    totalPayoutCents: result.totalPayoutCents,
    overBudgetChance: result.overBudgetChance,
  });
  return { ...result, elapsedMs };
}
