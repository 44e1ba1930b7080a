import type { PaymentsDeps } from './deps';
import { paymentResult } from './payment-result';
import { refundOrder } from './refund-order';

export { PAYMENT_MOVES, type PaymentOutcome } from './apply-result';

/**
 * Payment results of payment-linked orders: the payment side's signed callback and the operator's refund.
 * One use case per file; this only binds them to the module's deps.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  return {
    paymentResult: paymentResult.bind(null, deps),
    refundOrder: refundOrder.bind(null, deps),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
