import type { ReconcileReport } from '@campaign/contract';
import type * as repo from './repo';

/** A stored report as the console reads it. */
export function toReport(r: repo.ReportRow): ReconcileReport {
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
