import { handOver } from '../../db/owners';
import type { AuditActor } from '../../platform/audit-port';
import { AppError } from '../../platform/errors';
import { webhookUrlOk } from './address';
import type { AlertsContext } from './context';
import * as repo from './repo';

/** Sets the corp's webhook (an admin; audited, the secret never in the log). */
export async function setWebhook(
  { db, clock, sealer, audit, addressRules }: AlertsContext,
  corpId: string,
  who: { actor: AuditActor; ip: string | null },
  input: { url: string; secret: string },
) {
  if (!webhookUrlOk(input.url, addressRules)) {
    throw new AppError('ALERT_WEBHOOK_INVALID', undefined, {
      fields: { 'body.url': '须为 https 地址，且不指向内网' },
    });
  }
  const now = clock();
  const before = await repo.webhook(db, corpId);
  await db.transaction().execute(async (tx) => {
    await repo.setWebhook(tx, {
      corp_id: corpId,
      url: input.url,
      secret_sealed: sealer.seal(corpId, input.secret),
      updated_at: now,
      updated_by: who.actor.id,
    });
    await audit.append(handOver(tx), {
      corpId,
      at: now,
      actor: who.actor,
      ip: who.ip,
      action: 'alerts.webhook',
      subject: corpId,
      before: before ? { url: before.url } : null,
      after: { url: input.url, secret: '（已更换）' },
    });
  });
  return { url: input.url, updatedAt: now, updatedBy: { id: who.actor.id, name: who.actor.name } };
}
