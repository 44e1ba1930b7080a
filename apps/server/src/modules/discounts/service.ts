import type { ServiceDeps } from '../../platform/services';
import { consumeDiscount } from './consume';
import { discountDetail } from './discount-detail';
import { myDiscounts } from './my-discounts';
import { paymentResult } from './payment-result';
import { signDiscountPayment } from './sign-payment';

export { signPayment } from './signing';

/** The discounts module by use case, one file each; this only binds them to the module's deps. */
export function createDiscountsService(deps: ServiceDeps<'discounts'>) {
  return {
    mine: myDiscounts.bind(null, deps),
    detail: discountDetail.bind(null, deps),
    sign: signDiscountPayment.bind(null, deps),
    consume: consumeDiscount.bind(null, deps),
    paymentResult: paymentResult.bind(null, deps),
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
