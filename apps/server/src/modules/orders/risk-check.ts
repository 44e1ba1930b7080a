import { AppError } from '../../platform/errors';
import { attemptOf, judge, type RiskVerdict } from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { OrdersDeps } from './deps';

/**
 * The exchange of a risk-checked campaign's prize (the customer confirms an address, issue 35, ADR 0060) is
 * judged before it is made: block refuses (RISK_REFUSED, appealable), step-up asks for a fresh SMS sign-in, and
 * hold and degrade refuse like block (the award was made already; the order keeps awaiting its address, and an
 * upheld appeal lets the customer confirm again). A refusal's decision is stored on its own; the decision that
 * lets the exchange through is recorded in its transaction (confirm-order.ts).
 */
export async function judgedExchange(
  deps: OrdersDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  ip: string,
): Promise<RiskVerdict | undefined> {
  const { risk, campaigns } = deps;
  if (!risk || !campaigns) return undefined;
  const act = await campaigns.visible(corp.id, actId);
  if (!act.riskChecked) return undefined;
  const now = deps.clock();
  const failPolicy = act.riskFailPolicy;
  const verdict = await judge(
    risk,
    user,
    attemptOf(user, { corpId: corp.id, actId, ip, deviceId: null, grayFlag: null, now, failPolicy }),
  );
  if (verdict.action === 'hold' || verdict.action === 'degrade') {
    await risk.store(verdict);
    throw new AppError('RISK_REFUSED');
  }
  return verdict;
}
