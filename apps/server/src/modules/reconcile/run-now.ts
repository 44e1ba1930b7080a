import type { ReconcileReport } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { ReconcileDeps, RunBy } from './deps';
import * as repo from './repo';
import { runReconciliation } from './run-reconciliation';

/** On demand (the console): any campaign of the corp that has gone live. */
export async function runNow(deps: ReconcileDeps, corpId: string, actId: string, by: RunBy): Promise<ReconcileReport> {
  const known = (await repo.campaigns(deps.database.db, corpId)).find((c) => c.id === actId);
  if (!known) throw new AppError('RECONCILE_ACTIVITY_UNKNOWN');
  const report = await runReconciliation(deps, corpId, known, 'manual', by);
  if (!report) throw new Error('a manual reconciliation always makes a report');
  return report;
}
