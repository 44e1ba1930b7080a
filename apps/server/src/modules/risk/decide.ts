import { RISK_ACTIONS, type RiskAction } from '@campaign/contract';
import type { RiskDecisionTable } from '../../db/schema-risk';
import { newSortableId, sha256Hex } from '../../platform/crypto';
import type { CounterAsk } from '../../platform/risk-counters';
import type { RiskVerdict } from '../../platform/risk-port';
import { askBank } from './ask-bank';
import { celContext } from './cel';
import { computeFeatures, type RiskInput } from './compute-features';
import type { RiskDeps } from './context';
import { unreachable } from './fail-policy';
import { raiseSignals } from './signals';
import { type CorpRiskState, corpState, type RunningVersion } from './state';
import { ruleLabel } from './view';

const strength = (a: RiskAction) => RISK_ACTIONS.indexOf(a);
export const strongest = (actions: RiskAction[]): RiskAction =>
  actions.reduce<RiskAction>((best, a) => (strength(a) < strength(best) ? a : best), 'allow');

/** A customer's place in a canary: the same customer is always in or out of a given version's slice. */
export const inCanary = (userId: string, versionId: string, pct: number) =>
  Number.parseInt(sha256Hex(`${versionId}|${userId}`).slice(0, 8), 16) % 100 < pct;

/**
 * One decision (issue 35, ADR 0059): the features counted once, every running version evaluated on them, the
 * acting one (enforced, or a canary that holds this customer) deciding, the others logged as shadow; rules
 * snoozed for this customer skipped. `preset`: a built-in velocity rule already refused (logged the same way).
 * Made before the draw takes its place in the committed sequence; stored by the path that carries it out, in
 * its own transaction (record.ts), or on its own when the path ends here (a refusal).
 */
export async function decide(deps: RiskDeps, input: RiskInput, preset: string | null = null): Promise<RiskVerdict> {
  const state = await corpState(deps, input.corpId, input.now);
  const counted = await featuresOrPolicy(deps, input, state);
  const features = counted?.features ?? null;
  const ctx = features ? celContext(features) : null;
  const snoozed = state.snoozed.get(input.userId);
  const judged = state.versions.map((v) => {
    const matched = ctx ? v.rules.filter((r) => !snoozed?.has(r.id) && r.test(ctx)) : [];
    return { v, matched, action: strongest(matched.map((r) => r.action)) };
  });
  const acting = judged.find((j) => acts(j.v, input.userId)) ?? null;
  const bank = features ? await askBank(deps, input, features) : null;
  const ruled = acting?.matched.map((r) => r.id) ?? [];
  const action: RiskAction = preset ? 'block' : strongest([acting?.action ?? 'allow', bank?.action ?? 'allow']);
  const matched = preset ? [preset] : bank && bank.action !== 'allow' ? [...ruled, bank.match] : ruled;
  raiseSignals(deps, input, features, action !== 'allow');
  const decisionId = newSortableId(input.now);
  const record: RiskDecisionTable = {
    id: decisionId,
    corp_id: input.corpId,
    act_id: input.actId,
    user_id: input.userId,
    ip: input.ip,
    device_id: input.deviceId,
    gray_flag: input.grayFlag,
    ruleset_id: acting?.v.id ?? null,
    ruleset_hash: acting?.v.hash ?? null,
    action,
    matched: JSON.stringify(matched),
    shadow: JSON.stringify(
      judged
        .filter((j) => j !== acting)
        .map((j) => ({ id: j.v.id, action: j.action, matched: j.matched.map((r) => r.id) })),
    ),
    features: JSON.stringify(features ?? { unavailable: true }),
    draw_id: null,
    value_cents: null,
    label: null,
    appeal_id: null,
    created_at: input.now,
  };
  const refused = action === 'block' || (action === 'step_up' && features?.customer.fresh_otp !== true);
  if (counted?.after && !refused) countAfter(deps, counted.after, input.now);
  const labels = matched.map((id) => ruleLabel(id, acting?.v.rules ?? []));
  const verdict: RiskVerdict = { decisionId, action, rulesetHash: record.ruleset_hash, matched, labels, record };
  return verdict;
}

/** Counts what a decision let through (an invite's place in the tree), without the path waiting for it. */
export function countAfter(deps: RiskDeps, ask: CounterAsk, now: number) {
  deps.counters.observe(ask, now).catch((err: unknown) => {
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'risk counters not updated');
  });
}

/** Whether a version acts on this customer: enforced, or a canary whose slice holds them. */
function acts(v: RunningVersion, userId: string): boolean {
  return v.mode === 'enforce' || (v.mode === 'canary' && inCanary(userId, v.id, v.canaryPct));
}

/** The features, or, when the counters cannot be reached, null under the campaign's fail policy (fail-policy.ts). */
async function featuresOrPolicy(deps: RiskDeps, input: RiskInput, state: CorpRiskState) {
  if (state.versions.length === 0 && !deps.bank) return null;
  try {
    return await computeFeatures(deps, input, state);
  } catch (err) {
    unreachable(deps, input, 'risk counters', err);
    return null;
  }
}
