import type { DiscountPaymentResult } from '@campaign/contract';
import type { ServiceDeps } from '../../platform/services';
import { applyPaymentResult } from './reservations';

/** The payment side's signed result (its signature was checked by the route). */
export function paymentResult(deps: ServiceDeps<'discounts'>, corpId: string, n: DiscountPaymentResult) {
  return applyPaymentResult(deps.database.db, corpId, n, deps.clock());
}
