import type { AuditDeps } from './deps';
import * as repo from './repo';

/**
 * What was done to one subject (a campaign's page shows its own), newest first: when, what, by whom (null:
 * the system).
 */
export async function subjectTrail(
  deps: AuditDeps,
  corpId: string,
  subject: string,
  opts: { exclude: string[]; limit: number },
) {
  const rows = await repo.trail(deps.database.db, corpId, subject, opts.exclude, opts.limit);
  return rows.map((r) => ({
    at: Number(r.at),
    action: r.action,
    by: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? r.actor_id },
  }));
}
