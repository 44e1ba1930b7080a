import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import type { ApprovalsPort } from './ports';
import * as repo from './repo';
import type { Acting } from './save-ruleset';

type Case = NonNullable<Awaited<ReturnType<ApprovalsPort['decidedCase']>>>;

/** What a reversal undoes (ADR 0393); the effect (reversal-apply.ts) reads it from the request's payload. */
export interface ReversalPlan {
  case: 'appeal-upheld' | 'appeal-denied' | 'hold-returned';
  decisionId: string;
  original: string;
  awardId?: string;
}

const refused = (zh: string) => new AppError('RISK_REVERSAL_REFUSED', { 'zh-CN': zh });

const EFFECT_ZH: Record<ReversalPlan['case'], string> = {
  'appeal-upheld': '撤销“申诉成立”：恢复对该客户暂停的规则，决定改标为确认拦截',
  'appeal-denied': '改判申诉成立：为该客户暂停命中的规则 30 天，决定改标为误判',
  'hold-returned': '改为放行：重新占用一件库存并发放奖品（库存已用完或券类奖品则无法撤销）',
};

/** Which decided cases can be reversed, and how; the rest refused in Chinese. */
export function planOf(c: Case): ReversalPlan {
  if (c.status !== 'approved' && c.status !== 'rejected') throw refused('该事项尚未处理或已关闭，无需撤销');
  if (c.kind === 'risk-appeal') {
    return { case: c.status === 'approved' ? 'appeal-upheld' : 'appeal-denied', decisionId: c.subject, original: c.id };
  }
  const decisionId =
    c.kind === 'prize-award' ? (JSON.parse(c.payload ?? '{}') as { riskDecision?: string }).riskDecision : undefined;
  if (!decisionId) throw refused('仅风控冻结的奖品和风控申诉的复核结果可申请撤销');
  if (c.status === 'approved') {
    throw refused('奖品已放行发放（券码、积分或订单已生成），系统无法收回；如确属欺诈，请将客户加入风险名单并线下追回');
  }
  return { case: 'hold-returned', decisionId, original: c.id, awardId: c.subject };
}

/**
 * Asks a second person to reverse a reviewer's decision on a risk case, with a reason. One reversal per case,
 * claimed by a row keyed by its decision (twenty asks make one request); once approved, never again.
 */
export async function requestReversal(
  deps: RiskDeps,
  acting: Acting,
  corpId: string,
  input: { id: string; reason: string },
) {
  const c = await deps.approvals.decidedCase(corpId, input.id);
  if (!c) throw new AppError('APPROVAL_NOT_FOUND');
  const plan = planOf(c);
  const db = deps.database.db;
  const claim = `claim-${deps.randomBytes(6).toString('hex')}`;
  const now = deps.clock();
  if (
    !(await repo.claimReversal(db, {
      corp_id: corpId,
      decision_id: plan.decisionId,
      request_id: claim,
      created_at: now,
    }))
  ) {
    const had = await repo.reversalOf(db, corpId, plan.decisionId);
    throw new AppError('RISK_REVERSAL_PENDING', {
      'zh-CN': had?.state === 'reversed' ? '该决定已撤销过，不能再次撤销' : '该决定已有待审批的撤销申请',
    });
  }
  try {
    const requestId = await deps.approvals.request({
      corpId,
      kind: 'risk-reversal',
      subject: plan.decisionId,
      title: `撤销复核结果：${c.title}`,
      requestedBy: acting.actor.id,
      context: {
        原事项: c.title,
        原结果:
          c.status === 'approved'
            ? c.kind === 'risk-appeal'
              ? '申诉成立'
              : '放行'
            : c.kind === 'risk-appeal'
              ? '驳回申诉'
              : '退回',
        撤销后: EFFECT_ZH[plan.case],
        理由: input.reason,
        风控决定编号: plan.decisionId,
      },
      payload: JSON.stringify(plan),
    });
    await db.transaction().execute(async (tx) => {
      await repo.setReversalRequest(own('risk', tx), corpId, plan.decisionId, claim, requestId);
      await deps.audit.append(handOver(tx), {
        corpId,
        at: now,
        actor: acting.actor,
        ip: acting.ip,
        action: 'risk.reversal.request',
        subject: c.id,
        after: { case: plan.case, reason: input.reason, request: requestId },
      });
    });
    return { requestId, requestedBy: { id: acting.actor.id, name: acting.actor.name } };
  } catch (err) {
    await repo.dropReversal(db, corpId, plan.decisionId, claim);
    throw err;
  }
}
