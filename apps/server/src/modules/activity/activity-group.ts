import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { ActivityContext } from './context';
import * as repo from './repo';

/** A group of activities: which to show, which are related, where surplus and winners go. */
export async function activityGroup({ db }: ActivityContext, corp: Corp, groupId: string) {
  const g = await repo.getGroup(db, corp.id, groupId);
  if (!g) throw new AppError('ACTIVITY_NOT_FOUND');
  return {
    actGroupId: g.id,
    showActIds: JSON.parse(g.show_ids),
    relatedActIds: JSON.parse(g.related_ids),
    surplusActIds: JSON.parse(g.surplus_ids),
    winnerActIds: JSON.parse(g.winner_ids),
    rocc: g.rocc,
  };
}
