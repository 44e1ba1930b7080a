import { z } from 'zod';
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

export const consumptionSchema = z.object({
  consumptionId: z.string(),
  paymentId: z.string(),
  discountId: z.string(),
  discountCents: z.number().int(),
  payCents: z.number().int(),
  consumedAt: z.number().int(),
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
    ],
    summary: 'Sign a payment request with the discount applied, for the native bridge to pay',
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
    errors: [
      'DISCOUNT_NOT_FOUND',
      'DISCOUNT_NOT_LIVE',
      'DISCOUNT_SOLD_OUT',
      'DISCOUNT_USER_LIMIT',
      'PAYMENT_SIGN_INVALID',
      'CONFLICT_IN_FLIGHT',
    ],
    summary: 'Report a paid payment: consumes the discount once per paymentId (a repeat gets the first answer)',
    query: z.object({}),
    body: signedPaymentSchema.omit({ signType: true }),
    data: consumptionSchema,
  }),
} as const;
