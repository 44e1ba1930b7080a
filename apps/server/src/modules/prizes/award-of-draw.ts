import type { PrizesDeps } from './deps';
import * as repo from './repo';

/** The award a draw produced (for replaying an idempotent draw). */
export async function awardOfDraw(deps: PrizesDeps, corpId: string, drawId: string): Promise<repo.AwardRow | null> {
  return (await repo.getAwardByDraw(deps.database.db, corpId, drawId)) ?? null;
}
