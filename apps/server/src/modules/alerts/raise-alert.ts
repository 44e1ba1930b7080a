import { alertsEndpoints } from '@campaign/contract';
import { newSortableId } from '../../platform/crypto';
import type { AlertsContext } from './context';
import { deliverDue } from './deliver-due';
import type { AlertInput } from './ports';
import * as repo from './repo';

/** Raises an alert once per key: a row, and the delivery woken when the corp has a webhook. */
export async function raiseAlert(ctx: AlertsContext, a: AlertInput): Promise<boolean> {
  const { db, clock, log } = ctx;
  const now = clock();
  const hook = await repo.webhook(db, a.corpId);
  const id = newSortableId(now);
  const fresh = await repo.insertOnce(db, {
    id,
    corp_id: a.corpId,
    act_id: a.actId,
    kind: a.kind,
    dedupe_key: a.key,
    message: a.message,
    detail: a.detail === undefined ? null : JSON.stringify(a.detail),
    at: now,
    delivery: hook ? 'pending' : 'none',
    attempts: 0,
    next_attempt_at: hook ? now : null,
    delivered_at: null,
    last_error: null,
  });
  if (fresh) {
    log.warn({ corpId: a.corpId, actId: a.actId, kind: a.kind }, a.message);
    await tellTheBell(ctx, a, id, now);
    // Wakes the delivery without waiting for it.
    if (hook) setImmediate(() => void deliverDue(ctx).catch((err) => log.error({ err }, 'alert delivery failed')));
  }
  return fresh;
}

/**
 * A new alert in the bell of everyone whose roles see the alerts screen. The audit head's publication is a
 * record for the webhook, not something a person must act on: it stays out of the bell. A failing bell
 * never fails the alert.
 */
async function tellTheBell(ctx: AlertsContext, a: AlertInput, id: string, at: number): Promise<void> {
  if (a.kind === 'audit_head') return;
  const roles = alertsEndpoints.consoleAlerts.roles;
  await ctx.notify
    .notify(null, {
      corpId: a.corpId,
      kind: 'alert',
      to: { roles },
      subject: id,
      key: a.key,
      title: a.message,
      detail: a.kind,
      at,
    })
    .catch((err: unknown) => ctx.log.error({ err }, 'alert notification failed'));
}
