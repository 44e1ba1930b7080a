import { AppError } from '../../platform/errors';
import type { ActivityContext } from './context';
import * as repo from './repo';

/** End an activity now: no more draws; the seed is revealed with the detail. */
export async function endActivity({ db, clock, cache }: ActivityContext, corpId: string, actId: string) {
  const act = await repo.getActivity(db, corpId, actId);
  if (!act) throw new AppError('ACTIVITY_NOT_FOUND');
  const now = clock();
  await repo.updateActivity(db, corpId, actId, {
    state: 'ended',
    revealed_at: now,
    ends_at: Math.min(act.ends_at, now),
  });
  cache.forget(corpId, actId);
}
