import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PRIZE_KINDS } from './activity';

/**
 * A coupon or ticket as its owner sees it: unused until used once or past its validity; `pending` while an
 * approver reviews it (审核中, no code yet), `declined` when the approver refused it (未通过审核).
 */
export const COUPON_STATES = ['unused', 'used', 'expired', 'pending', 'declined'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
/** Where a code was used; recorded with the time. */
export const USE_CHANNELS = ['store', 'online', 'app'] as const;

export const couponIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const couponSchema = z.object({
  couponId: z.string(),
  actId: z.string(),
  activityTitle: z.string(),
  prizeName: z.string(),
  image: z.string(),
  valueCents: z.number().int(),
  /** Readable, copyable code (groups of four). */
  code: z.string(),
  state: z.enum(COUPON_STATES),
  issuedAt: z.number().int(),
  /** End of validity (the activity's couponValidDays from issue); null = no end. */
  validUntil: z.number().int().nullable(),
  usedAt: z.number().int().nullable(),
  usedChannel: z.enum(USE_CHANNELS).nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const ticketDetailSchema = couponSchema.extend({
  /** The code as a QR image (SVG markup made by the `qrcode` package), shown at a store. */
  qrSvg: z.string(),
  /** The text the QR encodes (the code itself). */
  qrText: z.string(),
  /** The campaign's usage rules (使用说明), a line each; none: []. */
  usageRules: z.array(z.string()),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

const couponIdBody = z.object({ couponId: couponIdSchema });

/** The customer's coupons and tickets (spec §2 /coupon, /wechatCoupon; §7). Owned by the prizes module. */
export const couponsEndpoints = {
  couponInfo: endpoint({
    method: 'GET',
    path: '/coupon/info',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'coupons',
    errors: [],
    summary: "The customer's coupons and tickets with counts per state (the /coupon index)",
    query: z.object({ state: z.enum(COUPON_STATES).optional() }),
    body: z.undefined(),
    data: z.object({
      counts: z.object({
        unused: z.number().int(),
        used: z.number().int(),
        expired: z.number().int(),
        pending: z.number().int(),
        declined: z.number().int(),
      }),
      list: z.array(couponSchema),
    }),
  }),
  myTicketDetail: endpoint({
    method: 'POST',
    path: '/ticket/detail',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'coupons',
    errors: ['COUPON_NOT_FOUND'],
    summary: 'One coupon or ticket with its code as a QR image',
    query: z.object({}),
    body: couponIdBody,
    data: ticketDetailSchema,
  }),
  recentGoodsType: endpoint({
    method: 'POST',
    path: '/goods/recent-type',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'coupons',
    errors: [],
    summary: 'Kinds of goods the customer won, most recent first (the goods tab)',
    query: z.object({}),
    body: z.object({}).optional(),
    data: z.object({
      types: z.array(
        z.object({
          kind: z.enum(PRIZE_KINDS).exclude(['thanks']),
          count: z.number().int(),
          lastAt: z.number().int(),
        }),
      ),
    }),
  }),
  couponUse: endpoint({
    method: 'POST',
    path: '/coupon/use',
    version: 'none',
    loading: true,
    access: 'user',
    tag: 'coupons',
    errors: ['COUPON_NOT_FOUND', 'COUPON_USED', 'COUPON_EXPIRED', 'PRIZE_PENDING_APPROVAL', 'PRIZE_DECLINED'],
    summary: 'Use a coupon or ticket once; the time and channel are recorded (a second use is refused)',
    idempotent: true,
    query: z.object({}),
    body: couponIdBody.extend({ channel: z.enum(USE_CHANNELS) }),
    data: couponSchema,
  }),
} as const;
