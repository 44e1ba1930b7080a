import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';
import { ORDER_STATES, orderIdSchema } from './orders';

/**
 * What the bank's payment side reports about the payment of a payment-linked order
 * (docs/decisions/0140-order-payment-results.md): paid, failed, or refunded.
 */
export const PAYMENT_RESULTS = ['paid', 'failed', 'refunded'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];

export const paymentResultBodySchema = z.object({
  orderId: orderIdSchema,
  /** The payment side's id of the payment (one order may see a failed payment, then a paid one). */
  paymentId: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/),
  result: z.enum(PAYMENT_RESULTS),
  amountCents: z.number().int().min(1).max(100_000_000),
  /** When the payment side saw the result (ms since epoch). */
  notifiedAt: z.number().int().min(0),
});
export type PaymentResultBody = z.infer<typeof paymentResultBodySchema>;

/**
 * The text the payment side signs (with the corp's app secret, the `X-Campaign-Signature` scheme of
 * docs/decisions/0032-common-decrypt.md): every field, in this order, so none can be swapped.
 */
export function paymentResultSigningText(b: PaymentResultBody): string {
  return [b.orderId, b.paymentId, b.result, b.amountCents, b.notifiedAt].join('\n');
}

/** Server-to-server calls about orders' payments; the customer's screens read the state through orderDetail. */
export const paymentsEndpoints = {
  orderPaymentResult: endpoint({
    method: 'POST',
    path: '/order/payment-result',
    version: 'none',
    loading: false,
    access: 'server',
    tag: 'orders',
    errors: ['PAYMENT_SIGN_INVALID', 'ORDER_NOT_FOUND', 'PAYMENT_RESULT_REFUSED'],
    summary:
      "The payment side's signed payment-result notification (X-Campaign-Signature): idempotent per (order, payment, result); an out-of-order result is refused",
    query: empty,
    body: paymentResultBodySchema,
    data: z.object({
      orderId: z.string(),
      state: z.enum(ORDER_STATES),
      /** True when this notification was already applied: nothing changed this time. */
      replayed: z.boolean(),
    }),
  }),
} as const;
