import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';
import * as repo from './repo';
import { taskViews } from './task-views';

/** The season's tasks as the customer sees them, with their standing. */
export async function seasonTasks(deps: SeasonDeps, corp: Corp, user: RequestUser, actId: string) {
  const { visibleSeason, statusOf, standing } = deps.basics;
  const { s, act } = await visibleSeason(corp.id, actId);
  const now = deps.clock();
  const [ledger, me] = await Promise.all([
    repo.ledgerOf(deps.database.db, corp.id, actId, user.id),
    standing(corp.id, actId, user.id),
  ]);
  return { status: statusOf(s, act, now), tasks: taskViews(s.tasks, ledger, now), me };
}
