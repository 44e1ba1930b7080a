import { z } from 'zod';
import { actIdSchema, empty } from '../common';
import { endpoint } from '../endpoint';

export const ACTIVITY_TYPES = ['wheel', 'grid', 'scratch', 'blindbox', 'common'] as const;
export const PRIZE_KINDS = ['coupon', 'physical', 'points', 'thanks'] as const;
/**
 * Activity status as users see it (docs/decisions/0004-activity-status.md): the operator moves an
 * activity draft → published (→ paused ↔ published) → ended; published shows as scheduled before its
 * window, live inside it and ended after it.
 */
export const ACTIVITY_STATUSES = ['draft', 'scheduled', 'live', 'paused', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

const actQuery = z.object({ actId: actIdSchema });

export const publicPrizeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PRIZE_KINDS),
  image: z.string(),
  valueCents: z.number().int(),
  /** null = unlimited. */
  totalStock: z.number().int().nullable(),
  perUserCap: z.number().int().nullable(),
  unlockAfterDraws: z.number().int().nullable(),
  weight: z.number().int(),
  /** Probability at the first draw, from the prize table (never typed by hand). */
  probability: z.number(),
  percentText: z.string(),
  consolation: z.boolean(),
});
export type PublicPrize = z.infer<typeof publicPrizeSchema>;

export const pageConfigSchema = z.object({
  banner: z.string().nullable(),
  primaryColor: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
  buttonImage: z.string().nullable(),
  shareTitle: z.string(),
  shareText: z.string(),
  shareImage: z.string().nullable(),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

export const activityDetailSchema = z.object({
  actId: z.string(),
  actGroupId: z.string().nullable(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  subtitle: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  /** Sanitised rich text. */
  rulesHtml: z.string(),
  version: z.number().int(),
  versionPublishedAt: z.number().int().nullable(),
  chancesPerDay: z.number().int().nullable(),
  chancesPerActivity: z.number().int().nullable(),
  prizes: z.array(publicPrizeSchema),
  fairness: z.object({
    commitment: z.string().nullable(),
    /** Revealed only after the activity ends. */
    seed: z.string().nullable(),
    algorithm: z.string(),
  }),
  page: pageConfigSchema,
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** spec §5: an activity detail counts as successful only when returnCode is 0 and data is present. */
export const activityDetailResultSchema = z.object({
  returnCode: z.number().int(),
  message: z.string().nullable(),
  data: activityDetailSchema.nullable(),
});

export const surplusInfoSchema = z.object({
  chancesLeft: z.number().int(),
  chancesLeftToday: z.number().int().nullable(),
  drawsMade: z.number().int(),
  prizes: z.array(z.object({ prizeId: z.string(), left: z.number().int().nullable() })),
});

export const drawResultSchema = z.object({
  drawId: z.string(),
  actId: z.string(),
  drawIndex: z.number().int(),
  prize: z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(PRIZE_KINDS),
    image: z.string(),
    valueCents: z.number().int(),
  }),
  /** Position of the prize in the activity's prize list: where the wheel stops. */
  prizeIndex: z.number().int(),
  award: z
    .object({
      awardId: z.string(),
      status: z.enum(['issued', 'awaiting_address', 'exchanged']),
      couponCode: z.string().nullable(),
      points: z.number().int().nullable(),
      orderId: z.string().nullable(),
    })
    .nullable(),
  fallback: z.boolean(),
  chancesLeft: z.number().int(),
  rollHex: z.string(),
  createdAt: z.number().int(),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

const myPrizeSchema = z.object({
  awardId: z.string(),
  actId: z.string(),
  activityTitle: z.string(),
  prizeName: z.string(),
  kind: z.enum(PRIZE_KINDS),
  image: z.string(),
  valueCents: z.number().int(),
  status: z.enum(['issued', 'awaiting_address', 'exchanged']),
  couponCode: z.string().nullable(),
  points: z.number().int().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.number().int(),
});

const drawBody = z.object({ actId: actIdSchema, deviceId: z.string().max(64).optional() });

export const drawEndpoints = {
  activityDetail: endpoint({
    method: 'GET',
    path: '/{version}/activity/detail',
    version: 'versioned',
    loading: true,
    access: 'tenant',
    tag: 'activity',
    summary: 'Activity detail: rules, prizes with odds, fairness commitment, page decoration',
    query: actQuery,
    body: z.undefined(),
    data: activityDetailResultSchema,
  }),
  activitySurplus: endpoint({
    method: 'GET',
    path: '/v2/activity/surplus',
    version: 'v2',
    loading: false,
    access: 'tenant',
    tag: 'activity',
    summary: 'Chances left for the current user and stock left per prize (surplusInfo null when logged out)',
    query: actQuery,
    body: z.undefined(),
    data: z.object({ actId: z.string(), surplusInfo: surplusInfoSchema.nullable() }),
  }),
  joinDateDetail: endpoint({
    method: 'POST',
    path: '/join-date/detail',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'activity',
    summary: 'When the customer joined, and whether that makes them a new customer for this activity',
    query: empty,
    body: actQuery,
    data: z.object({
      joinedAt: z.number().int(),
      newCustomer: z.boolean(),
      newCustomerSince: z.number().int().nullable(),
    }),
  }),
  activityGroupDetail: endpoint({
    method: 'GET',
    path: '/{version}/activity/group',
    version: 'versioned',
    loading: false,
    access: 'tenant',
    tag: 'activity',
    summary: 'An activity group: shown, related, surplus and winner ids, rocc switch',
    query: z.object({ actGroupId: actIdSchema }),
    body: z.undefined(),
    data: z.object({
      actGroupId: z.string(),
      showActIds: z.array(z.string()),
      relatedActIds: z.array(z.string()),
      surplusActIds: z.array(z.string()),
      winnerActIds: z.array(z.string()),
      rocc: z.number().int(),
    }),
  }),
  lotteryStuffInfo: endpoint({
    method: 'GET',
    path: '/lottery/stuff',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'activity',
    summary: 'Page decoration of an activity (banner, colours, button image, share text)',
    query: actQuery,
    body: z.undefined(),
    data: pageConfigSchema,
  }),
  lotteryParam: endpoint({
    method: 'GET',
    path: '/v2/lottery/param',
    version: 'v2',
    loading: false,
    access: 'tenant',
    tag: 'draw',
    summary: 'What the draw screen needs: type, status, window and the prize ring in order',
    query: actQuery,
    body: z.undefined(),
    data: z.object({
      actId: z.string(),
      type: z.enum(ACTIVITY_TYPES),
      status: z.enum(ACTIVITY_STATUSES),
      startsAt: z.number().int(),
      endsAt: z.number().int(),
      serverNow: z.number().int(),
      prizes: z.array(z.object({ id: z.string(), name: z.string(), image: z.string(), kind: z.enum(PRIZE_KINDS) })),
    }),
  }),
  lottery: endpoint({
    method: 'POST',
    path: '/{version}/lottery',
    version: 'versioned',
    loading: false,
    access: 'user',
    tag: 'draw',
    rateLimit: 'draw',
    idempotent: true,
    summary: 'Draw once. Send an Idempotency-Key header: a retry with the same key returns the first result',
    query: empty,
    body: drawBody,
    data: drawResultSchema,
  }),
  roccLottery: endpoint({
    method: 'POST',
    path: '/rocc/lottery',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'draw',
    rateLimit: 'draw',
    idempotent: true,
    summary: 'Draw through the risk-checked (rocc) path; nuid (the encid value) and grayflag in the query',
    query: z.object({ nuid: z.string().max(512).optional(), grayflag: z.enum(['0', '1']).optional() }),
    body: drawBody,
    data: drawResultSchema,
  }),
  winningList: endpoint({
    method: 'GET',
    path: '/winning/list',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'winners',
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
    summary: 'Exchange (use) an issued coupon or points award; physical prizes go through the address flow',
    query: empty,
    body: z.object({ awardId: z.string().min(1).max(64) }),
    data: myPrizeSchema,
  }),
  myPrizes: endpoint({
    method: 'GET',
    path: '/prizes/mine',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'prizes',
    summary: 'Every prize the current user has won (the /newPrizeList screen)',
    query: z.object({ status: z.enum(['issued', 'awaiting_address', 'exchanged']).optional() }),
    body: z.undefined(),
    data: z.array(myPrizeSchema),
  }),
  activityPark: endpoint({
    method: 'GET',
    path: '/activity/park',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'activity',
    summary: "The corp's published activities (scheduled, live, paused) for the activity park",
    query: empty,
    body: z.undefined(),
    data: z.array(
      z.object({
        actId: z.string(),
        type: z.enum(ACTIVITY_TYPES),
        title: z.string(),
        subtitle: z.string(),
        status: z.enum(ACTIVITY_STATUSES),
        startsAt: z.number().int(),
        endsAt: z.number().int(),
        banner: z.string().nullable(),
      }),
    ),
  }),
  verifyActivity: endpoint({
    method: 'GET',
    path: '/activity/verify',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'fairness',
    summary: 'After the end: recompute every draw from the revealed seed and the published table',
    query: actQuery,
    body: z.undefined(),
    data: z.object({
      actId: z.string(),
      ok: z.boolean(),
      commitmentOk: z.boolean(),
      checked: z.number().int(),
      mismatches: z.array(z.object({ drawId: z.string(), reason: z.string() })),
      seed: z.string(),
      commitment: z.string(),
    }),
  }),
} as const;
