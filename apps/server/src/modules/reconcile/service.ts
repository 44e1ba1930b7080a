import type { ReconcileReport } from '@campaign/contract';
import { handOver } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import { campaignDay } from '../../platform/campaign-day';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import * as checks from './checks';
import type { AlertsPort, StockLeftPort } from './ports';
import * as repo from './repo';

/** China's calendar day of `ms`: the daily run's key. */

function toReport(r: repo.ReportRow): ReconcileReport {
  return {
    id: r.id,
    actId: r.act_id,
    at: Number(r.at),
    trigger: r.trigger,
    ok: r.ok === 1,
    checks: JSON.parse(r.checks),
    createdBy: r.created_by,
  };
}

/**
 * The reconciliation (docs/decisions/0366-reconciliation.md): seven checks of a campaign's books, run on
 * demand and once a day by the in-process scheduler; every report is kept, and one with a difference
 * raises an alert (shown in the console, posted to the corp's webhook).
 */
export function createReconcileService(
  deps: ServiceDeps<'reconcile'> & { stock: StockLeftPort; alerts: AlertsPort; audit: AuditPort },
) {
  const db = deps.database.db;
  const { clock } = deps;

  async function compute(corpId: string, actId: string) {
    const [draws, prizes, left, coupons, stores, orders, points] = await Promise.all([
      checks.draws(db, corpId, actId),
      checks.perPrize(db, corpId, actId),
      deps.stock.stockLeft(corpId, actId),
      checks.coupons(db, corpId, actId),
      checks.storeRedemptions(db, corpId, actId),
      checks.orders(db, corpId, actId),
      checks.points(db, corpId, actId),
    ]);
    const stock = checks.awardsStock(prizes, new Map(left.map((s) => [s.prizeId, s.left])));
    return [draws, ...stock, coupons, stores, orders, points];
  }

  async function run(
    corpId: string,
    act: { id: string; title: string },
    trigger: 'daily' | 'manual',
    by: { actor: AuditActor; ip: string | null } | null,
  ): Promise<ReconcileReport | null> {
    const actId = act.id;
    const now = clock();
    const dailyId = `daily-${corpId}-${actId}-${campaignDay(now)}`;
    if (trigger === 'daily' && (await repo.exists(db, dailyId))) return null;
    const list = await compute(corpId, actId);
    const ok = list.every((c) => c.ok);
    const row: repo.ReportRow = {
      id: trigger === 'daily' ? dailyId : newSortableId(now),
      corp_id: corpId,
      act_id: actId,
      at: now,
      trigger,
      ok: ok ? 1 : 0,
      checks: JSON.stringify(list),
      created_by: by?.actor.id ?? null,
    };
    // A daily report another process already made for the day stands; this run is not repeated.
    const inserted = await db.transaction().execute(async (tx) => {
      const fresh = await repo.insert(tx, row);
      if (fresh && by) {
        await deps.audit.append(handOver(tx), {
          corpId,
          at: now,
          actor: by.actor,
          ip: by.ip,
          action: 'reconcile.run',
          subject: actId,
          after: { reportId: row.id, ok },
        });
      }
      return fresh;
    });
    if (!inserted) return toReport(row);
    if (!ok) {
      const bad = list.filter((c) => !c.ok);
      await deps.alerts.raise({
        corpId,
        actId,
        kind: 'reconcile_diff',
        key: `reconcile:${row.id}`,
        message: `「${act.title}」（${actId}）对账不平：${bad.map((c) => c.label).join('；')}`,
        detail: {
          reportId: row.id,
          checks: bad.map((c) => ({ name: c.name, left: c.left, right: c.right, rows: c.rows.slice(0, 5) })),
        },
      });
    }
    return toReport(row);
  }

  return {
    compute,

    /** On demand (the console): any campaign of the corp that has gone live. */
    async runNow(
      corpId: string,
      actId: string,
      by: { actor: AuditActor; ip: string | null },
    ): Promise<ReconcileReport> {
      const known = (await repo.campaigns(db, corpId)).find((c) => c.id === actId);
      if (!known) throw new AppError('RECONCILE_ACTIVITY_UNKNOWN');
      const report = await run(corpId, known, 'manual', by);
      if (!report) throw new Error('a manual reconciliation always makes a report');
      return report;
    },

    /** The daily run: every campaign of every corp, once per China day (a day already done is skipped); how many it made. */
    async runDaily(): Promise<number> {
      let n = 0;
      for (const c of await repo.campaigns(db, null)) {
        if (await run(c.corp_id, c, 'daily', null)) n++;
      }
      return n;
    },

    async reports(corpId: string, actId: string, page: number, size: number) {
      const { rows, total } = await repo.reports(db, corpId, actId, page, size);
      return { items: rows.map(toReport), total };
    },

    async campaigns(corpId: string) {
      const [list, latest] = await Promise.all([repo.campaigns(db, corpId), repo.latest(db, corpId)]);
      const by = new Map(latest.map((l) => [l.act_id, { id: l.id, at: Number(l.at), ok: l.ok === 1 }]));
      return { items: list.map((c) => ({ actId: c.id, title: c.title, latest: by.get(c.id) ?? null })) };
    },
  };
}
export type ReconcileService = ReturnType<typeof createReconcileService>;
