import { computeChecks } from './compute-checks';
import type { ReconcileDeps } from './deps';
import { listCampaigns } from './list-campaigns';
import { listReports } from './list-reports';
import { runDaily } from './run-daily';
import { runNow } from './run-now';

/**
 * The reconciliation (docs/decisions/0366-reconciliation.md): seven checks of a campaign's books, run on
 * demand and once a day by the in-process scheduler; every report is kept, and one with a difference
 * raises an alert (shown in the console, posted to the corp's webhook). One use case per file; this only
 * binds them to the module's deps.
 */
export function createReconcileService(deps: ReconcileDeps) {
  return {
    compute: computeChecks.bind(null, deps),
    runNow: runNow.bind(null, deps),
    runDaily: runDaily.bind(null, deps),
    reports: listReports.bind(null, deps),
    campaigns: listCampaigns.bind(null, deps),
  };
}
export type ReconcileService = ReturnType<typeof createReconcileService>;
