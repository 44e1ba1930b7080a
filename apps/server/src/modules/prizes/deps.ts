import type { AwardHoldPort, CodePoolPort } from '../../platform/award-ports';
import type { ServiceDeps } from '../../platform/services';
import type { ActivityCataloguePort, CouponPort, OrderPort, StockReturnPort } from './ports';

/** What the prizes use cases take: the module's deps and the ports createServices hands in. */
export type PrizesDeps = ServiceDeps<'prizes'> & {
  activities: ActivityCataloguePort;
  orders: OrderPort;
  coupons: CouponPort;
  /** Approvals: hold a prize above the corp's threshold (none: nothing is held). */
  holds?: AwardHoldPort;
  stock?: StockReturnPort;
  /** The lab's uploaded code pools (none: every coupon's code is generated). */
  codePools?: CodePoolPort;
};
