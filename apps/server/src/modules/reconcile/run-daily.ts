import type { ReconcileDeps } from './deps';
import * as repo from './repo';
import { runReconciliation } from './run-reconciliation';

/** The daily run: every campaign of every corp, once per China day (a day already done is skipped); how many it made. */
export async function runDaily(deps: ReconcileDeps): Promise<number> {
  let n = 0;
  for (const c of await repo.campaigns(deps.database.db, null)) {
    if (await runReconciliation(deps, c.corp_id, c, 'daily', null)) n++;
  }
  return n;
}
