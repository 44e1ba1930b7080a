import type { OrdersDeps } from './deps';
import * as repo from './repo';

/** The order a physical award made (prizes' exchange confirms it). */
export async function orderOfAward(deps: OrdersDeps, corpId: string, userId: string, awardId: string) {
  return (await repo.getOrderByAward(deps.database.db, corpId, userId, awardId)) ?? null;
}
