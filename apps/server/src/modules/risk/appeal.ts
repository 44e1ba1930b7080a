import { maskMobile } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as repo from './repo';
import { ruleLabel } from './view';

/**
 * A customer appeals their latest refused draw of a campaign (PIPL art. 24: a decision made by automated means
 * alone can be taken to a person). One appeal per decision, claimed by a conditional update, so twenty taps
 * make one request; the approver upholds it (the rules are snoozed for the customer) or turns it down.
 */
/** A stored decision's matched rules by name, as its version (if any) named them. */
async function matchedLabels(deps: RiskDeps, d: { corp_id: string; ruleset_id: string | null; matched: string }) {
  const version = d.ruleset_id ? await repo.ruleset(deps.database.db, d.corp_id, d.ruleset_id) : undefined;
  const rules = version ? (JSON.parse(version.rules) as { id: string; name: string }[]) : [];
  return (JSON.parse(d.matched) as string[]).map((id) => ruleLabel(id, rules));
}

export async function appeal(
  deps: RiskDeps,
  who: { corpId: string; userId: string; mobile: string | null },
  input: { actId: string; reason: string },
) {
  const db = deps.database.db;
  const d = await repo.latestBlock(db, who.corpId, who.userId, input.actId);
  if (!d) throw new AppError('RISK_APPEAL_NOTHING');
  if (d.appeal_id !== null) throw new AppError('RISK_APPEAL_PENDING');
  const claim = `claim-${deps.randomBytes(6).toString('hex')}`;
  const claimed = await db
    .updateTable('risk_decision')
    .set({ appeal_id: claim })
    .where('corp_id', '=', who.corpId)
    .where('id', '=', d.id)
    .where('appeal_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('RISK_APPEAL_PENDING');
  try {
    const appealId = await deps.approvals.request({
      corpId: who.corpId,
      kind: 'risk-appeal',
      subject: d.id,
      title: `风控申诉 ${maskMobile(who.mobile) || who.userId}`,
      // The service files it for the customer (customers are no staff): the approver reads who in the context.
      requestedBy: 'system',
      context: {
        客户: maskMobile(who.mobile) || '未绑定手机号',
        客户编号: who.userId,
        活动编号: d.act_id,
        风控决定编号: d.id,
        命中规则: (await matchedLabels(deps, d)).join('、') || '无',
        规则集哈希: d.ruleset_hash ?? '内置频率规则',
        设备: d.device_id ?? '未授权',
        IP: d.ip,
        客户说明: input.reason,
      },
    });
    await db.updateTable('risk_decision').set({ appeal_id: appealId }).where('id', '=', d.id).execute();
    return { appealId, status: 'pending' as const };
  } catch (err) {
    await db
      .updateTable('risk_decision')
      .set({ appeal_id: null })
      .where('id', '=', d.id)
      .where('appeal_id', '=', claim)
      .execute();
    throw err;
  }
}
