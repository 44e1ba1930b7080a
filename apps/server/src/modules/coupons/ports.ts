/**
 * What the coupons module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

import type { PortTx } from '../../db/owners';

/**
 * The prizes module, which owns the award a coupon is: marks an issued coupon used, once (of concurrent
 * uses exactly one wins). `userId` null: a store's counter, which does not know whose ticket it is. `tx`
 * null: on its own, else inside the caller's transaction.
 */
export interface CouponUsePort {
  markUsed(
    tx: PortTx | null,
    corpId: string,
    userId: string | null,
    awardId: string,
    use: { channel: 'store' | 'online' | 'app'; key: string; now: number },
  ): Promise<boolean>;
}
