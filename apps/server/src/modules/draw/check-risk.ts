import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { DrawRequest, DrawServiceDeps } from './deps';
import * as repo from './repo';

/** The risk hook's judgement of a new draw of a risk-checked campaign, logged either way; refused: RISK_REFUSED. */
export async function checkRisk(deps: DrawServiceDeps, corp: Corp, user: RequestUser, req: DrawRequest) {
  const ctx = {
    corpId: corp.id,
    actId: req.actId,
    userId: user.id,
    nuid: req.nuid,
    ip: req.ip,
    deviceId: req.deviceId,
    grayFlag: req.grayFlag,
    now: deps.clock(),
  };
  const decision = await deps.riskHook(ctx);
  await repo.logRisk(deps.database.db, {
    corp_id: corp.id,
    act_id: req.actId,
    user_id: user.id,
    ip: req.ip,
    device_id: req.deviceId,
    gray_flag: req.grayFlag,
    decision: decision.allow ? 'allow' : 'refuse',
    rule: decision.allow ? null : decision.rule,
    created_at: ctx.now,
  });
  if (!decision.allow) throw new AppError('RISK_REFUSED');
}
