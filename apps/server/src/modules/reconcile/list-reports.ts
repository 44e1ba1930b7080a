import type { ReconcileDeps } from './deps';
import * as repo from './repo';
import { toReport } from './report';

/** A campaign's reports, newest first, a page at a time. */
export async function listReports(deps: ReconcileDeps, corpId: string, actId: string, page: number, size: number) {
  const { rows, total } = await repo.reports(deps.database.db, corpId, actId, page, size);
  return { items: rows.map(toReport), total };
}
