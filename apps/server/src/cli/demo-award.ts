import { transact } from '../db/tx';
import type { AwardRequest } from '../platform/award-ports';
import type { Services } from '../services';

/**
 * A demo seed's award, made as a draw makes one: one unit of the prize's stock is taken in the same
 * transaction, so the seeded awards count against stock (the demo's one phone can be won once) and
 * none is written when the prize is sold out. Returns the award, or null when there was no stock.
 */
export async function seedAward(services: Services, a: AwardRequest) {
  return transact(services.base.database, function* (x) {
    if (!(yield* services.stock.takeStock(x, a.corpId, a.actId, a.prize.id))) return null;
    return yield* services.prizes.award(x, a);
  });
}
