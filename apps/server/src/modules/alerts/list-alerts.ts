import type { Alert } from '@campaign/contract';
import type { AlertsContext } from './context';
import * as repo from './repo';

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

/** A page of the corp's alerts, newest first, with its webhook (who set it, and when). */
export async function listAlerts({ db, staff }: AlertsContext, corpId: string, page: number, size: number) {
  const [{ rows, total }, hook] = await Promise.all([repo.list(db, corpId, page, size), repo.webhook(db, corpId)]);
  const names = hook ? await staff.names(corpId, [hook.updated_by]) : new Map<string, string>();
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
}
