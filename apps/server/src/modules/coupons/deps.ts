import type { ServiceDeps } from '../../platform/services';
import type { CouponUsePort } from './ports';

/** What the coupons use cases take: the module's deps and the award marks createServices hands in. */
export type CouponsDeps = ServiceDeps<'coupons'> & { awards: CouponUsePort };
