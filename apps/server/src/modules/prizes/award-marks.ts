import { own, type PortTx } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import * as repo from './repo';

/**
 * The award's own changes that the orders and coupons modules ask for (their AwardExchangePort and
 * CouponUsePort): made before those services, which the prizes service then takes as its ports.
 */
export function createAwardMarks(deps: ServiceDeps<'prizes'>) {
  const db = deps.database.db;
  return {
    markExchanged: (tx: PortTx, corpId: string, awardId: string, now: number) =>
      repo.markExchanged(own('prizes', tx), corpId, awardId, now),
    markUsed: (
      tx: PortTx | null,
      corpId: string,
      userId: string | null,
      awardId: string,
      use: { channel: 'store' | 'online' | 'app'; key: string; now: number },
    ) => repo.markUsed(tx ? own('prizes', tx) : db, corpId, userId, awardId, use),
  };
}
