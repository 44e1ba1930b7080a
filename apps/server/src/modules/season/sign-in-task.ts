import type { SeasonCredit } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';

/** The daily (or once) sign-in task, credited when the customer may take part in the season now. */
export async function signInTask(
  deps: SeasonDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  taskId: string,
): Promise<SeasonCredit> {
  const { season, task, creditTask } = deps.basics;
  const s = await season(corp.id, actId);
  const t = task(s, taskId, 'signin');
  await deps.activities.admit(corp, user, actId);
  return creditTask(corp.id, actId, user.id, t, deps.clock());
}
