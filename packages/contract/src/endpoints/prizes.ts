import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';
import { actQuery, PRIZE_KINDS } from './activity';
import { addNoSchema } from './addresses';
import { COUPON_STATES } from './coupons';
import { ORDER_STATES } from './orders';

/** pending_approval: above the corp's threshold, waiting for an approver (审核中); declined: not approved. */
export const AWARD_STATUSES = ['issued', 'awaiting_address', 'exchanged', 'pending_approval', 'declined'] as const;

export const myPrizeSchema = z.object({
  awardId: z.string(),
  actId: z.string(),
  activityTitle: z.string(),
  prizeName: z.string(),
  kind: z.enum(PRIZE_KINDS),
  image: z.string(),
  valueCents: z.number().int(),
  status: z.enum(AWARD_STATUSES),
  couponCode: z.string().nullable(),
  points: z.number().int().nullable(),
  orderId: z.string().nullable(),
  /** The physical prize's order state (the prize list links to the order); null for other kinds. */
  orderState: z.enum(ORDER_STATES).nullable(),
  /** A coupon's state now (unused / used / expired, as /coupon shows it); null for other kinds. */
  couponState: z.enum(COUPON_STATES).nullable(),
  /** A coupon's end of validity; null for other kinds or a coupon without an end. */
  validUntil: z.number().int().nullable(),
  createdAt: z.number().int(),
  /**
   * The draw that gave this prize, for the public verify page (/verify?drawId=…); null for a prize not won in
   * a draw (an offer, a season's settlement). Only ever the customer's own.
   */
  drawId: z.string().nullable(),
  /** Where a used coupon was used ('store': redeemed at a counter, shown as 已核销); null while unused. */
  usedChannel: z.string().nullable().optional(),
});
export type MyPrize = z.infer<typeof myPrizeSchema>;

export const POINTS_REASONS = ['draw', 'exchange', 'adjust'] as const;
export const pointsBalanceSchema = z.object({
  /** The customer's points now: the sum of their points ledger. */
  balance: z.number().int(),
  /** The latest ledger lines, newest first (at most 20). */
  entries: z.array(
    z.object({
      delta: z.number().int(),
      /** draw = won in a draw; exchange = spent; adjust = set by the bank. */
      reason: z.string(),
      /** A Chinese label for the line (抽奖获得, 兑换使用, …). */
      label: z.string(),
      at: z.number().int(),
    }),
  ),
});
export type PointsBalance = z.infer<typeof pointsBalanceSchema>;

/** What customers won: their prizes, exchanging them, and who won lately. */
export const prizesEndpoints = {
  winningList: endpoint({
    method: 'GET',
    path: '/winning/list',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'winners',
    errors: [],
    summary: "The current user's own wins in one activity",
    query: actQuery,
    body: z.undefined(),
    data: z.object({ actId: z.string(), winnerList: z.array(myPrizeSchema) }),
  }),
  recentWinners: endpoint({
    method: 'GET',
    path: '/v2/winners/recent',
    version: 'v2',
    loading: false,
    access: 'tenant',
    tag: 'winners',
    errors: ['ACTIVITY_NOT_FOUND'],
    summary: 'Recent winners of an activity with masked mobiles (first 3, ****, last 4)',
    query: actQuery,
    body: z.undefined(),
    data: z.object({
      actId: z.string(),
      winnerList: z.array(z.object({ who: z.string(), prizeName: z.string(), at: z.number().int() })),
    }),
  }),
  prizeConsumeRate: endpoint({
    method: 'GET',
    path: '/prize/consume-rate',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'winners',
    errors: ['ACTIVITY_NOT_FOUND'],
    summary: 'How much of each prize is given out',
    query: actQuery,
    body: z.undefined(),
    data: z.array(
      z.object({
        prizeId: z.string(),
        name: z.string(),
        total: z.number().int().nullable(),
        issued: z.number().int(),
        rate: z.number().nullable(),
      }),
    ),
  }),
  exchange: endpoint({
    method: 'POST',
    path: '/v2/exchange',
    version: 'v2',
    loading: true,
    access: 'user',
    tag: 'prizes',
    errors: [
      'PRIZE_NOT_FOUND',
      'PRIZE_PENDING_APPROVAL',
      'PRIZE_DECLINED',
      'EXCHANGE_REFUSED',
      'ADDRESS_NOT_FOUND',
      'ORDER_NOT_FOUND',
      'ORDER_EXPIRED',
      'ORDER_STATE',
      'COUPON_NOT_FOUND',
      'COUPON_USED',
      'COUPON_EXPIRED',
      // A physical prize's order of a risk-checked campaign is judged when confirmed (ADR 0060).
      'RISK_REFUSED',
      'RISK_STEP_UP',
      'RISK_UNAVAILABLE',
    ],
    summary:
      'Exchange an award after the customer confirmed it: a coupon or points award is used once; a physical prize needs addNo and confirms its order',
    idempotent: true,
    query: empty,
    body: z.object({
      awardId: z.string().min(1).max(64),
      /** Physical prizes (goods) only: the address the order is confirmed with. */
      addNo: addNoSchema.optional(),
    }),
    data: myPrizeSchema,
  }),
  pointsBalance: endpoint({
    method: 'GET',
    path: '/points/balance',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'prizes',
    errors: [],
    summary: "The customer's points balance (from the points ledger) and its latest lines",
    query: empty,
    body: z.undefined(),
    data: pointsBalanceSchema,
  }),
  myPrizes: endpoint({
    method: 'GET',
    path: '/prizes/mine',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'prizes',
    errors: [],
    summary: 'Every prize the current user has won (the /newPrizeList screen)',
    query: z.object({ status: z.enum(AWARD_STATUSES).optional() }),
    body: z.undefined(),
    data: z.array(myPrizeSchema),
  }),
} as const;
