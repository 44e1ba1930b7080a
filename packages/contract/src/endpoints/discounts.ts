import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

/** An instant discount (立减) as the customer sees it. */
export const DISCOUNT_STATUSES = ['scheduled', 'live', 'ended', 'sold_out'] as const;

export const discountIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const merchantIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const paymentIdSchema = z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/);
const centsSchema = z.number().int().min(1).max(100_000_000);

export const discountSchema = z.object({
  discountId: z.string(),
  title: z.string(),
  /** Plain-text rule lines for /lijianUseRule. */
  rules: z.array(z.string()),
  amountCents: z.number().int(),
  /** Smallest payment the discount applies to. */
  thresholdCents: z.number().int(),
  /** Card BIN prefixes it applies to, with their labels; empty = any card. */
  validCards: z.array(z.object({ bin: z.string(), label: z.string() })),
  /** Merchants it applies to; empty = any merchant. */
  validMerchants: z.array(z.object({ id: z.string(), name: z.string() })),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  totalLimit: z.number().int(),
  totalLeft: z.number().int(),
  perUserLimit: z.number().int(),
  /** How many more times this customer may use it. */
  userLeft: z.number().int(),
  dailyLimit: z.number().int().nullable(),
  /** Left today across all customers (null when there is no daily limit). */
  leftToday: z.number().int().nullable(),
  status: z.enum(DISCOUNT_STATUSES),
});
export type Discount = z.infer<typeof discountSchema>;

/** What the native bridge's payment-signing command carries (spec §7), signed by the server. */
export const signedPaymentSchema = z.object({
  paymentId: z.string(),
  discountId: z.string(),
  merchantId: z.string(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  payCents: z.number().int(),
  timestamp: z.number().int(),
  nonce: z.string(),
  signType: z.literal('HMAC-SHA256'),
  /** Hex HMAC over the fields above in a fixed order, with the corp's secret. */
  sign: z.string(),
});
export type SignedPayment = z.infer<typeof signedPaymentSchema>;

/**
 * A consumption's state (docs/decisions/0044-discount-consumption.md): `reserved` from the signing until
 * the bank's signed payment result or 30 minutes; `paid` once the bank confirmed it; `released` when the
 * payment failed or the reservation expired unpaid (the unit went back to the discount).
 */
export const CONSUMPTION_STATES = ['reserved', 'paid', 'released'] as const;

export const myDiscountSchema = discountSchema.extend({
  /** When it was given to this customer (a campaign grant or a draw), ms since epoch. */
  grantedAt: z.number().int(),
});
export type MyDiscount = z.infer<typeof myDiscountSchema>;

export const discountPaymentResultSchema = z.object({
  paymentId: paymentIdSchema,
  result: z.enum(['paid', 'failed']),
  /** What the customer paid (must equal the signed payCents). */
  payCents: z.number().int().min(0).max(100_000_000),
  notifiedAt: z.number().int().min(0),
});
export type DiscountPaymentResult = z.infer<typeof discountPaymentResultSchema>;
/** The text the payment side signs (X-Campaign-Signature with the corp's app secret), fields in this order. */
export function discountPaymentResultSigningText(b: DiscountPaymentResult): string {
  return ['discount', b.paymentId, b.result, b.payCents, b.notifiedAt].join('\n');
}

export const consumptionSchema = z.object({
  consumptionId: z.string(),
  paymentId: z.string(),
  discountId: z.string(),
  discountCents: z.number().int(),
  payCents: z.number().int(),
  consumedAt: z.number().int(),
  state: z.enum(CONSUMPTION_STATES),
  /** Until when an unpaid reservation holds its unit (null once paid or released). */
  reservedUntil: z.number().int().nullable(),
  /** True when this payment had already been reported: the first answer, nothing consumed again. */
  replayed: z.boolean(),
});
export type Consumption = z.infer<typeof consumptionSchema>;

/** Instant discounts (spec §2 /lijianUseRule, /lijianDetail; §7 discount detail, discount consume v2). */
export const discountsEndpoints = {
  discountDetail: endpoint({
    method: 'GET',
    path: '/discount/detail',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'discounts',
    errors: ['DISCOUNT_NOT_FOUND'],
    summary: 'An instant discount: amount, threshold, cards, merchants, window, what is left',
    query: z.object({ discountId: discountIdSchema }),
    body: z.undefined(),
    data: discountSchema,
  }),
  myDiscounts: endpoint({
    method: 'GET',
    path: '/discount/mine',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'discounts',
    errors: [],
    summary: "The customer's instant discounts (given to them or used by them), newest first, for 我的奖品",
    query: empty,
    body: z.undefined(),
    data: z.array(myDiscountSchema),
  }),
  discountPaymentResult: endpoint({
    method: 'POST',
    path: '/discount/payment-result',
    version: 'none',
    loading: false,
    access: 'server',
    tag: 'discounts',
    errors: ['PAYMENT_SIGN_INVALID', 'DISCOUNT_NOT_FOUND', 'PAYMENT_RESULT_REFUSED'],
    summary:
      "The payment side's signed result (X-Campaign-Signature) of a discounted payment: paid makes the reservation final, failed releases it",
    query: empty,
    body: discountPaymentResultSchema,
    data: consumptionSchema,
  }),
  discountSignPayment: endpoint({
    method: 'POST',
    path: '/discount/sign-payment',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'discounts',
    errors: [
      'DISCOUNT_NOT_FOUND',
      'DISCOUNT_NOT_APPLICABLE',
      'DISCOUNT_NOT_LIVE',
      'DISCOUNT_SOLD_OUT',
      'DISCOUNT_USER_LIMIT',
      'DISCOUNT_RESERVATION_EXPIRED',
      'CONFLICT_IN_FLIGHT',
    ],
    summary:
      'Sign a payment request with the discount applied, for the native bridge to pay; reserves one unit for 30 minutes (ADR 0044)',
    idempotent: true,
    query: z.object({}),
    body: z.object({
      discountId: discountIdSchema,
      merchantId: merchantIdSchema,
      amountCents: centsSchema,
      cardBin: z
        .string()
        .regex(/^\d{6}$/)
        .optional(),
    }),
    data: signedPaymentSchema,
  }),
  discountConsume: endpoint({
    method: 'POST',
    path: '/v2/discount/consume',
    version: 'v2',
    loading: true,
    access: 'user',
    tag: 'discounts',
    errors: ['DISCOUNT_NOT_FOUND', 'PAYMENT_SIGN_INVALID', 'DISCOUNT_RESERVATION_EXPIRED'],
    summary:
      "The customer's report after paying: the consumption's state (reserved until the bank's signed payment result makes it paid; ADR 0044)",
    query: z.object({}),
    body: signedPaymentSchema.omit({ signType: true }),
    data: consumptionSchema,
  }),
} as const;
