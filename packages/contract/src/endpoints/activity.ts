import { z } from 'zod';
import { actIdSchema, empty } from '../common';
import { endpoint } from '../endpoint';
import { GRID_LAYOUTS, PAGE_THEMES } from '../game-settings';
import { publishedReleaseSchema } from '../release-schedule';

export const ACTIVITY_TYPES = [
  'wheel',
  'grid',
  'scratch',
  'blindbox',
  'common',
  'newCustomer',
  'newUser',
  'ranking',
] as const;
/**
 * The types a customer draws in (POST /lottery, /rocc/lottery). Offers are claimed once (growth) and a
 * ranking season's prizes are awarded by rank at settlement: neither is drawn, whatever its prize table says.
 */
export const DRAWN_TYPES = [
  'wheel',
  'grid',
  'scratch',
  'blindbox',
  'common',
] as const satisfies readonly (typeof ACTIVITY_TYPES)[number][];
/** An activity type a customer draws in (POST /lottery). */
export const isDrawnType = (type: string): boolean => (DRAWN_TYPES as readonly string[]).includes(type);
export const PRIZE_KINDS = ['coupon', 'physical', 'points', 'thanks'] as const;
/**
 * Activity status as users see it (docs/decisions/0004-activity-status.md): the operator moves an
 * activity draft → published (→ paused ↔ published) → ended; published shows as scheduled before its
 * window, live inside it and ended after it.
 */
export const ACTIVITY_STATUSES = ['draft', 'scheduled', 'live', 'paused', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const actQuery = z.object({ actId: actIdSchema });

/**
 * What every list and screen says about an activity before its details: the park lists it, the draw
 * screen's param and the detail extend it. One schema, so the three cannot drift apart.
 */
export const activitySummarySchema = z.object({
  actId: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  subtitle: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

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
  /** Its stock released on a schedule (ADR 0063); null: all of it from the start. */
  release: publishedReleaseSchema.nullable().optional(),
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
  ribbon: z.string(),
  theme: z.enum(PAGE_THEMES),
  segmentColors: z.array(z.string()),
  gridLayout: z.enum(GRID_LAYOUTS),
  scratchCover: z.string(),
  scratchText: z.string(),
  boxCount: z.number().int(),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

export const activityDetailSchema = activitySummarySchema.extend({
  actGroupId: z.string().nullable(),
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
  /** Promises of the rules page, from the same configuration the server enforces. */
  claim: z.object({
    /** Days a winner has to give a delivery address for a physical prize before the order expires. */
    addressWindowDays: z.number().int(),
    /** Days a coupon or ticket stays usable after it is won; null = no end. */
    couponValidDays: z.number().int().nullable(),
  }),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** spec §5: an activity detail counts as successful only when returnCode is 0 and data is present. */
export const activityDetailResultSchema = z.object({
  returnCode: z.number().int(),
  message: z.string().nullable(),
  data: activityDetailSchema.nullable(),
});

/** The catalogue: what an activity is, how it looks, and which activities a group shows. */
export const activityEndpoints = {
  activityDetail: endpoint({
    method: 'GET',
    path: '/{version}/activity/detail',
    version: 'versioned',
    loading: true,
    access: 'tenant',
    tag: 'activity',
    errors: [],
    summary: 'Activity detail: rules, prizes with odds, fairness commitment, page decoration',
    query: actQuery,
    body: z.undefined(),
    data: activityDetailResultSchema,
  }),
  joinDateDetail: endpoint({
    method: 'POST',
    path: '/join-date/detail',
    version: 'none',
    loading: false,
    access: 'user',
    tag: 'activity',
    errors: ['ACTIVITY_NOT_FOUND'],
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
    errors: ['ACTIVITY_NOT_FOUND'],
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
    errors: ['ACTIVITY_NOT_FOUND'],
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
    errors: ['ACTIVITY_NOT_FOUND'],
    summary: 'What the draw screen needs: type, status, window and the prize ring in order',
    query: actQuery,
    body: z.undefined(),
    data: activitySummarySchema.pick({ actId: true, type: true, status: true, startsAt: true, endsAt: true }).extend({
      serverNow: z.number().int(),
      prizes: z.array(z.object({ id: z.string(), name: z.string(), image: z.string(), kind: z.enum(PRIZE_KINDS) })),
    }),
  }),
  activityPark: endpoint({
    method: 'GET',
    path: '/activity/park',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'activity',
    errors: [],
    summary: "The corp's published activities (scheduled, live, paused) for the activity park",
    query: empty,
    body: z.undefined(),
    data: z.array(activitySummarySchema.extend({ banner: z.string().nullable() })),
  }),
} as const;
