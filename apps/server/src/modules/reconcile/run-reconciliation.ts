import type { ReconcileReport } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import { handOver } from '../../db/owners';
import { newSortableId } from '../../platform/crypto';
import { computeChecks } from './compute-checks';
import type { ReconcileDeps, RunBy } from './deps';
import * as repo from './repo';
import { toReport } from './report';

/**
 * One run over one campaign: the report is kept (a daily one once per China day), the console's run is
 * audited, and a report with a difference raises an alert. Null: the day's daily report already exists.
 */
export async function runReconciliation(
  deps: ReconcileDeps,
  corpId: string,
  act: { id: string; title: string },
  trigger: 'daily' | 'manual',
  by: RunBy | null,
): Promise<ReconcileReport | null> {
  const db = deps.database.db;
  const actId = act.id;
  const now = deps.clock();
  const dailyId = `daily-${corpId}-${actId}-${campaignDay(now)}`;
  if (trigger === 'daily' && (await repo.exists(db, dailyId))) return null;
  const list = await computeChecks(deps, corpId, actId);
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
