import type { Services } from './services';

/**
 * The in-process schedulers of issue 24 (docs/operations.md): alert delivery with backoff, the alert rules,
 * the daily reconciliation, the export file sweeper and the risk module's device-id purge. Every process runs them; the database keeps them
 * from doing a thing twice (a claimed alert, one daily report per campaign and day). Their timers never
 * keep the process alive, and a failure is logged and tried at the next tick.
 */
export function startBackground(services: Services, opts: { deliverEveryMs?: number } = {}) {
  const { log } = services.base;
  const timers: NodeJS.Timeout[] = [];
  const every = (name: string, ms: number, task: () => Promise<unknown>) => {
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        await task();
      } catch (err) {
        log.error({ err, task: name }, 'background task failed');
      } finally {
        busy = false;
      }
    };
    const t = setInterval(() => void tick(), ms);
    t.unref();
    timers.push(t);
  };
  every('alert-delivery', opts.deliverEveryMs ?? 1_000, () => services.alerts.deliverDue());
  every('alert-rules', 60_000, () => services.alerts.evaluate());
  // Once a day per campaign: the run each hour finds the day's reports made and makes only missing ones.
  every('daily-reconciliation', 3_600_000, () => services.reconcile.runDaily());
  every('export-sweeper', 60_000, () => services.reports.sweep());
  // Device ids and consents past the campaign plus 180 days (ADR 0061); idempotent, safe on every node.
  every('risk-device-purge', 3_600_000, () => services.risk.purgeDevices());
  every('audit-heads', services.base.config.auditHeads.everyMs, () => publishAuditHeads(services));
  // The first daily run a few minutes after start (a process restarted at midnight does not skip a day; a
  // process starting does not reconcile while it warms up).
  const first = setTimeout(
    () => void services.reconcile.runDaily().catch((err) => log.error({ err }, 'daily reconciliation failed')),
    180_000,
  );
  first.unref();
  timers.push(first);
  // The heads also a minute after start: a node restarted often still publishes.
  const firstHeads = setTimeout(
    () => void publishAuditHeads(services).catch((err) => log.error({ err }, 'audit heads not published')),
    60_000,
  );
  firstHeads.unref();
  timers.push(firstHeads);
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await services.reports.idle();
      await services.risk.replays.idle();
    },
  };
}

/**
 * Each corp's audit head that moved, published outside the database (docs/decisions/0331-audit-chain.md): the
 * signed file and the log (modules/audit/publish.ts), and the corp's alert webhook when it has one. Also
 * `npm run cli -- audit publish`.
 */
export async function publishAuditHeads(services: Services) {
  const heads = await services.audit.publishHeads();
  for (const h of heads) {
    if (!(await services.alerts.hasWebhook(h.corp))) continue;
    await services.alerts.raise({
      corpId: h.corp,
      actId: null,
      kind: 'audit_head',
      key: `audit_head:${h.seq}:${h.hash}`,
      message: `审计日志链头 #${h.seq}：${h.hash}`,
      detail: h,
    });
  }
  return heads;
}
