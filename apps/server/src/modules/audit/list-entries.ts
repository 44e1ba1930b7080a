import type { AuditFilter } from '@campaign/contract';
import type { AuditDeps } from './deps';
import { toEntry } from './entries';
import * as repo from './repo';

/** One page of the filtered log, with the actions the filter can choose from and each subject's name. */
export async function listEntries(deps: AuditDeps, corpId: string, f: AuditFilter, page: number, pageSize: number) {
  const db = deps.database.db;
  const [{ rows, total }, actions] = await Promise.all([
    repo.page(db, corpId, f, page, pageSize),
    repo.actions(db, corpId),
  ]);
  const items = rows.map(toEntry);
  const ids = [...new Set(items.map((e) => e.subject).filter((s): s is string => s !== null))];
  const names = ids.length && deps.subjects ? await deps.subjects.names(corpId, ids) : new Map<string, string>();
  return {
    total,
    items: items.map((e) => ({ ...e, subjectName: e.subject ? (names.get(e.subject) ?? null) : null })),
    actions,
  };
}
