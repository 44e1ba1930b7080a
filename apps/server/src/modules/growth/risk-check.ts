import type { RiskHold } from '../../platform/award-ports';
import { attemptOf, judge, type RiskVerdict } from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { GrowthServiceDeps } from './deps';

/**
 * A risk-checked offer or invite (its group has rocc on) is judged like a draw before it takes a unit or counts
 * (issue 35):
 * block refuses (appealable), step-up asks for a fresh SMS sign-in, hold (and degrade: an offer has no
 * consolation prize) makes the claim wait for a reviewer.
 */
export async function judged(
  deps: GrowthServiceDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  ip: string,
  now: number,
  inviter?: string,
) {
  if (!deps.risk) return undefined;
  const act = await deps.catalogue.visible(corp.id, actId);
  if (!act.riskChecked) return undefined;
  const failPolicy = act.riskFailPolicy;
  const attempt = attemptOf(user, { corpId: corp.id, actId, ip, deviceId: null, grayFlag: null, now, failPolicy });
  return judge(deps.risk, user, inviter ? { ...attempt, inviter } : attempt);
}

export const holdOf = (v: RiskVerdict, ip: string): RiskHold => ({
  decisionId: v.decisionId,
  rules: v.labels,
  device: null,
  ip,
});
