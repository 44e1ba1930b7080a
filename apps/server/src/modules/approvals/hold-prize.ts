import { yuan } from '@campaign/contract';
import type { Step, TxExec } from '../../db/tx';
import type { HoldRequest, RiskHold } from '../../platform/award-ports';
import { SYSTEM_REQUESTER } from './context';
import * as repo from './repo';
import { requestStep } from './request-step';

/**
 * Inside the draw transaction: a prize worth more than the corp's threshold is held, and a request of
 * kind 'prize-award' (subject: the award id) is made in the same transaction; true when held.
 */
export function* holdPrize(x: TxExec, a: HoldRequest): Step<boolean> {
  if (a.risk) {
    yield* riskHold(x, a, a.risk);
    return true;
  }
  // Thresholds are never negative (the campaign file's schema): a prize worth nothing is never held,
  // and the draws of points and thank-you prizes do not read the policy.
  if (a.valueCents <= 0) return false;
  const threshold = yield* repo.prizeThreshold(x, a.corpId);
  if (threshold === null || a.valueCents <= threshold) return false;
  yield* requestStep(x, {
    corpId: a.corpId,
    kind: 'prize-award',
    subject: a.awardId,
    title: `${a.prizeName} ${yuan(a.valueCents)}`,
    requestedBy: SYSTEM_REQUESTER,
    context: {
      奖品: `${a.prizeName}（${a.prizeId}）`,
      奖品价值: yuan(a.valueCents),
      审批阈值: yuan(threshold),
      活动: a.shown?.activityTitle ?? a.actId,
      ...(a.shown?.activityTitle ? { 活动编号: a.actId } : {}),
      ...(a.shown?.customer ? { 客户: a.shown.customer } : {}),
      客户编号: a.userId,
      奖品单号: a.awardId,
    },
    now: a.now,
  });
  return true;
}

/** Held by a risk decision (issue 35): whatever its value, a reviewer releases it or returns its unit. */
function* riskHold(x: TxExec, a: HoldRequest, risk: RiskHold): Step<void> {
  yield* requestStep(x, {
    corpId: a.corpId,
    kind: 'prize-award',
    subject: a.awardId,
    title: `风控冻结 ${a.prizeName} ${yuan(a.valueCents)}`,
    requestedBy: SYSTEM_REQUESTER,
    context: {
      原因: '命中风控规则，奖品冻结待人工复核',
      命中规则: risk.rules.join('、') || '无',
      风控决定编号: risk.decisionId,
      设备: risk.device ?? '未授权',
      IP: risk.ip,
      奖品: `${a.prizeName}（${a.prizeId}）`,
      奖品价值: yuan(a.valueCents),
      活动: a.shown?.activityTitle ?? a.actId,
      ...(a.shown?.customer ? { 客户: a.shown.customer } : {}),
      客户编号: a.userId,
      奖品单号: a.awardId,
    },
    payload: JSON.stringify({ riskDecision: risk.decisionId }),
    now: a.now,
  });
}
