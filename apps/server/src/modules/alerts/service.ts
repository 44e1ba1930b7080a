import type { Alert } from '@campaign/contract';
import { handOver } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import { campaignDay } from '../../platform/campaign-day';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { Fetch } from '../../platform/outbound-http';
import type { ServiceDeps } from '../../platform/services';
import { undeliverable, webhookUrlOk } from './address';
import { attempt } from './deliver';
import type { AlertInput, StaffNamesPort, StockLeftPort } from './ports';
import * as repo from './repo';
import * as rules from './rules';

/** How long one process holds an alert it is posting (longer than an attempt's deadline). */
const LEASE_MS = 30_000;
const MIN_REQUESTS = 50;
const ERROR_RATE = 0.05;
const LIMITED_RATE = 0.1;

function toAlert(r: repo.AlertRow): Alert {
  return {
    id: r.id,
    actId: r.act_id,
    kind: r.kind,
    message: r.message,
    at: Number(r.at),
    delivery: r.delivery,
    attempts: r.attempts,
    deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
    lastError: r.last_error,
  };
}

/**
 * Alerts (docs/decisions/0367, 0368): raised once per key by the rules here and by other modules through
 * `port` (the reconciliation), shown in the console, and POSTed signed to the corp's webhook by a background
 * loop with backoff. Raising only inserts a row and wakes the loop: nothing on a caller's path waits for
 * the webhook, so a dead one never slows a draw.
 */
export function createAlertsService(
  deps: ServiceDeps<'alerts'> & { audit: AuditPort; stock: StockLeftPort; staff: StaffNamesPort; fetch?: Fetch },
) {
  const db = deps.database.db;
  const { clock, sealer, log } = deps;
  const doFetch = deps.fetch ?? fetch;
  const addressRules = { production: deps.config.env === 'production', allowedHosts: deps.config.alertWebhookHosts };
  const traffic = rules.createTraffic();
  let delivering: Promise<number> | null = null;

  async function raise(a: AlertInput): Promise<boolean> {
    const now = clock();
    const hook = await repo.webhook(db, a.corpId);
    const fresh = await repo.insertOnce(db, {
      id: newSortableId(now),
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
      // Wakes the delivery without waiting for it.
      if (hook) setImmediate(() => void deliverDue().catch((err) => log.error({ err }, 'alert delivery failed')));
    }
    return fresh;
  }

  async function deliverOnce(): Promise<number> {
    const now = clock();
    let settled = 0;
    for (const a of await repo.due(db, now, 20)) {
      if (!(await repo.claim(db, a.id, Number(a.next_attempt_at), now + LEASE_MS))) continue;
      const hook = await repo.webhook(db, a.corp_id);
      if (!hook) {
        await repo.settle(db, a.id, { delivery: 'none', next_attempt_at: null });
        continue;
      }
      const secret = sealer.open(a.corp_id, hook.secret_sealed);
      if (secret === null) {
        // Sealed under another ENCRYPTION_KEY: the admin sets the webhook again.
        await repo.settle(db, a.id, { delivery: 'failed', next_attempt_at: null, last_error: 'secret unreadable' });
        continue;
      }
      const next = await attempt(a, { url: hook.url, secret }, clock(), doFetch, (url) =>
        undeliverable(url, addressRules),
      );
      await repo.settle(db, a.id, next);
      settled++;
    }
    return settled;
  }

  /** Posts every alert whose time has come (one run at a time in this process). */
  function deliverDue(): Promise<number> {
    delivering ??= deliverOnce().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  /** The rules over running campaigns: stock under 5%, budget ahead of plan, error and 429 rates. */
  async function evaluate(): Promise<number> {
    const now = clock();
    const day = campaignDay(now);
    let raised = 0;
    for (const act of await rules.running(db, now)) {
      const prizes = await rules.prizes(db, act.corp_id, act.id);
      const left = new Map((await deps.stock.stockLeft(act.corp_id, act.id)).map((s) => [s.prizeId, s.left]));
      let budget = 0;
      for (const p of prizes) {
        if (p.total_stock === null || Number(p.total_stock) <= 0) continue;
        budget += Number(p.value_cents) * Number(p.total_stock);
        const l = left.get(p.id) ?? 0;
        if (l !== null && l / Number(p.total_stock) < rules.STOCK_LOW) {
          const msg = `「${act.title}」奖品「${p.name}」库存不足 5%（剩余 ${l} / ${p.total_stock}）`;
          const key = `stock_low:${act.id}:${p.id}:${day}`;
          if (
            await raise({
              corpId: act.corp_id,
              actId: act.id,
              kind: 'stock_low',
              key,
              message: msg,
              detail: { prizeId: p.id, left: l, total: Number(p.total_stock) },
            })
          )
            raised++;
        }
      }
      const span = Number(act.ends_at) - Number(act.starts_at);
      if (budget > 0 && span > 0) {
        const spent = await rules.spentCents(db, act.corp_id, act.id);
        const elapsed = (now - Number(act.starts_at)) / span;
        if (spent / budget > elapsed + rules.BUDGET_MARGIN) {
          const msg = `「${act.title}」预算消耗超前：已用 ${Math.round((spent / budget) * 100)}%，时间过去 ${Math.round(elapsed * 100)}%`;
          if (
            await raise({
              corpId: act.corp_id,
              actId: act.id,
              kind: 'budget_ahead',
              key: `budget_ahead:${act.id}:${day}`,
              message: msg,
              detail: { spentCents: spent, budgetCents: budget, elapsed },
            })
          )
            raised++;
        }
      }
    }
    const hour = Math.floor(now / 3_600_000);
    for (const [corpId, c] of traffic.take()) {
      if (c.all < MIN_REQUESTS) continue;
      if (c.errors / c.all > ERROR_RATE) {
        const msg = `过去一分钟错误率 ${Math.round((c.errors / c.all) * 100)}%（${c.errors} / ${c.all}）`;
        if (
          await raise({ corpId, actId: null, kind: 'error_rate', key: `error_rate:${hour}`, message: msg, detail: c })
        )
          raised++;
      }
      if (c.limited / c.all > LIMITED_RATE) {
        const msg = `过去一分钟限流（429）比例 ${Math.round((c.limited / c.all) * 100)}%（${c.limited} / ${c.all}）`;
        if (
          await raise({
            corpId,
            actId: null,
            kind: 'rate_limited',
            key: `rate_limited:${hour}`,
            message: msg,
            detail: c,
          })
        )
          raised++;
      }
    }
    return raised;
  }

  return {
    port: { raise },
    raise,
    deliverDue,
    evaluate,
    /** Counts one answer for the error and 429 rate rules (app.ts onResponse; memory only). */
    observe: (corpId: string | undefined, status: number) => traffic.observe(corpId, status, clock()),

    async list(corpId: string, page: number, size: number) {
      const [{ rows, total }, hook] = await Promise.all([repo.list(db, corpId, page, size), repo.webhook(db, corpId)]);
      const names = hook ? await deps.staff.names(corpId, [hook.updated_by]) : new Map<string, string>();
      return {
        items: rows.map(toAlert),
        total,
        webhook: hook
          ? {
              url: hook.url,
              updatedAt: Number(hook.updated_at),
              updatedBy: { id: hook.updated_by, name: names.get(hook.updated_by) ?? hook.updated_by },
            }
          : null,
      };
    },

    /** Sets the corp's webhook (an admin; audited, the secret never in the log). */
    async setWebhook(
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
        await deps.audit.append(handOver(tx), {
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
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
