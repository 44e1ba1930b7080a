import type { SeasonCredit } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';
import { judgeCredit } from './risk-check';

/**
 * The daily (or once) sign-in task, credited when the customer may take part in the season now and, in a
 * risk-checked season, when the risk engine lets it through (risk-check.ts).
 */
export async function signInTask(
  deps: SeasonDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  taskId: string,
  ip = '',
): Promise<SeasonCredit> {
  const { season, task, creditTask } = deps.basics;
  const s = await season(corp.id, actId);
  const t = task(s, taskId, 'signin');
  const act = await deps.activities.admit(corp, user, actId);
  const now = deps.clock();
  const verdict = await judgeCredit(deps, corp, user, { ...act, actId }, ip, now);
  return creditTask(corp.id, actId, user.id, t, now, { verdict });
}
