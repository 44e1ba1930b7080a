import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { chancesLeft } from './chances';
import type { DrawServiceDeps } from './deps';
import * as repo from './repo';

/** The customer's chances and the prizes' stock left (no customer: nothing to tell). */
export async function drawSurplus(deps: DrawServiceDeps, corp: Corp, user: RequestUser | null, actId: string) {
  const act = await deps.activities.visible(corp.id, actId);
  if (!user) return null;
  const c = chancesLeft(act, await repo.getStat(deps.database.db, corp.id, actId, user.id), deps.clock());
  return {
    chancesLeft: c.left,
    chancesLeftToday: c.leftDay,
    drawsMade: c.total,
    prizes: await deps.activities.stockLeft(corp.id, actId),
  };
}
