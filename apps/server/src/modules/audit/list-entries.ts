import type { AuditFilter } from '@campaign/contract';
import type { AuditDeps } from './deps';
import { toEntry } from './entries';
import * as repo from './repo';

/** One page of the filtered log, with the actions the filter can choose from. */
export async function listEntries(deps: AuditDeps, corpId: string, f: AuditFilter, page: number, pageSize: number) {
  const db = deps.database.db;
  const [{ rows, total }, actions] = await Promise.all([
    repo.page(db, corpId, f, page, pageSize),
    repo.actions(db, corpId),
  ]);
  return { total, items: rows.map(toEntry), actions };
}
