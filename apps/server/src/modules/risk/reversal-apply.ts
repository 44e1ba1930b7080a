import { own, type PortTx } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import type { Subject } from './ports';
import * as repo from './repo';
import type { ReversalPlan } from './reversal-request';
import { forget } from './state';

/** How long an appeal upheld on reversal keeps the rules that refused the customer off them (as an appeal). */
const SNOOZE_DAYS = 30;
const UPHELD = '申诉成立';

/**
 * A reversal approved, in the decision's transaction: the case is marked reversed first (a conditional update,
 * so however many approve at once it is undone once), then its effect undone: an upheld appeal's snoozes lifted
 * and the decision confirmed; a denied appeal upheld; a returned prize given after all (prizes: a unit taken
 * again, or refused in Chinese when the stock is gone — the whole decision then rolls back).
 */
export async function applyReversal(deps: RiskDeps, tx: PortTx, r: Subject, by: string, now: number) {
  const db = own('risk', tx);
  const plan = JSON.parse(r.payload ?? '{}') as ReversalPlan;
  const d = await repo.decision(db, r.corpId, plan.decisionId);
  if (!d || !(await repo.markReversed(db, r.corpId, plan.decisionId, r.id))) {
    throw new AppError('RISK_REVERSAL_PENDING', { 'zh-CN': '该撤销申请已失效，请驳回后重新申请' });
  }
  const rules = JSON.parse(d.matched) as string[];
  if (plan.case === 'appeal-upheld') {
    await repo.unsnooze(db, r.corpId, d.user_id, rules, UPHELD);
    await repo.labelDecision(db, r.corpId, d.id, 'confirmed');
  } else if (plan.case === 'appeal-denied') {
    for (const rule of rules) {
      await repo.snooze(db, {
        corp_id: r.corpId,
        user_id: d.user_id,
        rule_id: rule,
        reason: UPHELD,
        created_by: by,
        expires_at: now + SNOOZE_DAYS * 86_400_000,
      });
    }
    await repo.labelDecision(db, r.corpId, d.id, 'false_positive');
  } else {
    if (!deps.awards || !plan.awardId) throw new AppError('RISK_REVERSAL_REFUSED');
    await deps.awards.regive(tx, r.corpId, plan.awardId, now);
    await repo.labelDecision(db, r.corpId, d.id, 'false_positive');
  }
  forget(deps, r.corpId);
}

/** A reversal turned down: the case may be asked again. */
export async function dropReversal(tx: PortTx, r: Subject) {
  const plan = JSON.parse(r.payload ?? '{}') as ReversalPlan;
  await repo.dropReversal(own('risk', tx), r.corpId, plan.decisionId, r.id);
}
