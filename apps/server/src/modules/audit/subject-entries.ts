import type { AuditDeps } from './deps';
import { parseJson } from './entries';
import * as repo from './repo';

/**
 * One subject's entries of the given actions, newest first, a page at a time (我的账户 reads a staff member's
 * sign-ins with it): when, from where, which action and what it recorded after.
 */
export async function subjectEntries(
  deps: AuditDeps,
  corpId: string,
  subject: string,
  actions: readonly string[],
  page: number,
  pageSize: number,
) {
  const { rows, total } = await repo.subjectPage(deps.database.db, corpId, subject, actions, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    total,
    items: rows.map((r) => ({ at: Number(r.at), ip: r.ip, action: r.action, after: parseJson(r.after) })),
  };
}
