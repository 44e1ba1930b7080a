import * as checks from './checks';
import type { ReconcileDeps } from './deps';

/** The seven checks of a campaign's books, computed now (nothing is stored). */
export async function computeChecks(deps: ReconcileDeps, corpId: string, actId: string) {
  const db = deps.database.db;
  const [draws, prizes, left, coupons, stores, orders, points] = await Promise.all([
    checks.draws(db, corpId, actId),
    checks.perPrize(db, corpId, actId),
    deps.stock.stockLeft(corpId, actId),
    checks.coupons(db, corpId, actId),
    checks.storeRedemptions(db, corpId, actId),
    checks.orders(db, corpId, actId),
    checks.points(db, corpId, actId),
  ]);
  const stock = checks.awardsStock(prizes, new Map(left.map((s) => [s.prizeId, s.left])));
  return [draws, ...stock, coupons, stores, orders, points];
}
