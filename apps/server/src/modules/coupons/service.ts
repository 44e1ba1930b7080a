import { couponInfo } from './coupon-info';
import type { CouponsDeps } from './deps';
import { recentGoodsType } from './recent-goods-type';
import { ticketCounter } from './ticket-counter';
import { ticketDetail } from './ticket-detail';
import { useCoupon } from './use-coupon';

export { qrSvg, toCoupon } from './coupon';

/**
 * The customer's coupons and tickets, their use, and a ticket at a store's counter. One use case per
 * file; this only binds them to the module's deps.
 */
export function createCouponsService(deps: CouponsDeps) {
  return {
    couponInfo: couponInfo.bind(null, deps),
    ticketDetail: ticketDetail.bind(null, deps),
    recentGoodsType: recentGoodsType.bind(null, deps),
    useCoupon: useCoupon.bind(null, deps),
    counter: ticketCounter(deps),
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
