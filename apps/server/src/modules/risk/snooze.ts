import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as repo from './repo';
import type { Acting } from './save-ruleset';
import { forget } from './state';

/**
 * A rule snoozed for one customer (a false positive), with a reason and an expiry, audited with the change;
 * every node skips it for them within a second. Only a customer the engine has judged can be named.
 */
export async function snoozeRule(
  deps: RiskDeps,
  acting: Acting,
  corpId: string,
  input: { userId: string; ruleId: string; reason: string; days: number },
) {
  const now = deps.clock();
  const expiresAt = now + input.days * 86_400_000;
  await deps.database.db.transaction().execute(async (tx) => {
    const db = own('risk', tx);
    if (!(await repo.judgedCustomer(db, corpId, input.userId))) throw new AppError('RISK_CUSTOMER_UNKNOWN');
    await repo.snooze(db, {
      corp_id: corpId,
      user_id: input.userId,
      rule_id: input.ruleId,
      reason: input.reason,
      created_by: acting.actor.id,
      expires_at: expiresAt,
    });
    await deps.audit.append(handOver(tx), {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'risk.snooze',
      subject: input.userId,
      after: { rule: input.ruleId, reason: input.reason, days: input.days },
    });
  });
  forget(deps, corpId);
  return { userId: input.userId, ruleId: input.ruleId, expiresAt };
}
