import { AppError } from '../../platform/errors';
import { applyResult, type PaymentOutcome } from './apply-result';
import type { PaymentsDeps } from './deps';

/**
 * CLI `order refund <orderId>`: the operator refunds the payment that paid the order, in full. It is
 * recorded as that payment's refund, so the payment side's later "refunded" for it is a replay.
 */
export async function refundOrder(deps: PaymentsDeps, corpId: string, orderId: string): Promise<PaymentOutcome> {
  const o = await deps.orders.forPayment(corpId, orderId);
  if (!o) throw new AppError('ORDER_NOT_FOUND');
  if (o.status !== 'paid' || o.payment_id === null || o.paid_cents === null) {
    throw new AppError('ORDER_STATE', `${o.status} → refunded`);
  }
  return applyResult(
    deps,
    corpId,
    { orderId, paymentId: o.payment_id, result: 'refunded', amountCents: o.paid_cents, notifiedAt: deps.clock() },
    'operator',
  );
}
