import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { periodOf } from './basics';
import type { SeasonDeps } from './deps';
import * as repo from './repo';

/** A server-sealed start time: the visit credits only when the server's own clock says it has lasted. */
export async function startVisit(deps: SeasonDeps, corp: Corp, user: RequestUser, actId: string, taskId: string) {
  const { season, task } = deps.basics;
  const s = await season(corp.id, actId);
  const t = task(s, taskId, 'visit');
  await deps.activities.admit(corp, user, actId);
  const now = deps.clock();
  const ledger = await repo.ledgerOf(deps.database.db, corp.id, actId, user.id);
  const token = deps.sealer.seal(corp.id, JSON.stringify({ a: actId, t: taskId, u: user.id, s: now }));
  const period = periodOf(t, now);
  return {
    token,
    seconds: t.seconds ?? 0,
    startedAt: now,
    doneNow: ledger.some((l) => l.task_id === t.id && l.period === period),
  };
}
