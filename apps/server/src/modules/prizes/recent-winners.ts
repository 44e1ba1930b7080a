import { maskMobile } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import type { PrizesDeps } from './deps';
import * as repo from './repo';

/** The ticker of an activity's latest winners, masked. */
export async function recentWinners(deps: PrizesDeps, corp: Corp, actId: string) {
  await deps.activities.visible(corp.id, actId);
  // Distinct winners, each with their latest prize; never an entry repeated to fill the ticker.
  const seen = new Set<string>();
  const rows = (await repo.recentWinners(deps.database.db, corp.id, actId, 200))
    .filter((r) => !seen.has(r.user_id) && seen.add(r.user_id))
    .slice(0, 20);
  return {
    actId,
    winnerList: rows.map((r) => ({
      who: r.mobile ? maskMobile(r.mobile) : `用户${r.nuid.slice(-4)}`,
      prizeName: r.name,
      at: r.created_at,
    })),
  };
}
