import { AppError } from '../../platform/errors';
import { attemptOf, type FailPolicy, judge, type RiskVerdict } from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { DrawRequest, DrawServiceDeps } from './deps';

/**
 * The risk judgement of a new draw of a risk-checked campaign (issue 35): the built-in velocity rules (the
 * hook, shared counters) and then the rule engine, one stored decision either way. Block refuses with its
 * own code (RISK_REFUSED, appealable); step-up refuses until the customer signs in again with an SMS code;
 * hold and degrade are carried out by the draw's transaction; the verdict is what the draw records.
 */
export async function checkRisk(
  deps: DrawServiceDeps,
  corp: Corp,
  user: RequestUser,
  req: DrawRequest,
  failPolicy: FailPolicy | null,
): Promise<RiskVerdict | undefined> {
  const now = deps.clock();
  const hook = await deps.riskHook({
    corpId: corp.id,
    actId: req.actId,
    userId: user.id,
    nuid: req.nuid,
    ip: req.ip,
    deviceId: req.deviceId,
    grayFlag: req.grayFlag,
    now,
  });
  if (!deps.risk) {
    if (!hook.allow) throw new AppError('RISK_REFUSED');
    return undefined;
  }
  const attempt = attemptOf(user, {
    corpId: corp.id,
    actId: req.actId,
    ip: req.ip,
    deviceId: req.deviceId,
    grayFlag: req.grayFlag,
    now,
    failPolicy,
  });
  return judge(deps.risk, user, attempt, hook.allow ? null : hook.rule);
}
