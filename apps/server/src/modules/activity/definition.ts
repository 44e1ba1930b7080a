import {
  ACTIVITY_TYPES,
  BLIND_BOX_COUNTS,
  GAME_PAGE_DEFAULTS,
  GRID_LAYOUTS,
  PAGE_THEMES,
  PRIZE_KINDS,
} from '@campaign/contract';
import { releaseScheduleSchema } from '@campaign/contract/release-schedule';
import { z } from 'zod';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or - (1-64)');
/** A time: ISO string, Date or epoch ms (campaign files; relative `now±N` is resolved before). */
export const when = z.union([z.string(), z.date(), z.number()]).transform((v, ctx) => {
  const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'not a date/time (use e.g. 2026-12-01T00:00:00+08:00)' });
    return z.NEVER;
  }
  return ms;
});

/** A colour the page paints with: `#rgb` or `#rrggbb`. */
const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour like #e8282b');

/** Days a physical prize's winner has to give an address, when the campaign file does not say. */
export const DEFAULT_ADDRESS_WINDOW_DAYS = 7;
/** Days a coupon stays usable after it is won, when the campaign file does not say. */
export const DEFAULT_COUPON_VALID_DAYS = 30;

export const prizeDefSchema = z
  .object({
    id,
    name: z.string().min(1).max(32),
    kind: z.enum(PRIZE_KINDS),
    image: z.string().min(1).max(256),
    weight: z.number().int().min(0),
    stock: z.number().int().min(0).nullable().default(null),
    perUserCap: z.number().int().positive().nullable().default(null),
    valueCents: z.number().int().min(0).default(0),
    points: z.number().int().positive().optional(),
    unlockAfterDraws: z.number().int().positive().nullable().default(null),
    tiers: z
      .array(z.object({ fromDraw: z.number().int().min(0), weight: z.number().int().min(0) }).strict())
      .default([]),
    consolation: z.boolean().default(false),
    /** A coupon's uploaded code pool (the console's upload, ADR 0390); none: the service generates its codes. */
    codePool: z.string().min(1).max(64).optional(),
    /** The stock released on a schedule (issue 37, ADR 0063); none: all of it from the start. */
    release: releaseScheduleSchema.nullish(),
  })
  .strict()
  .refine((p) => !p.release || (!p.consolation && p.stock !== null), {
    message: 'a release schedule needs a stock (and not the consolation prize)',
    path: ['release'],
  })
  .refine((p) => !p.release || p.stock === null || p.release.units <= p.stock, {
    message: "a release gives at most the prize's stock",
    path: ['release', 'units'],
  })
  .refine((p) => p.codePool === undefined || p.kind === 'coupon', {
    message: 'only a coupon has a code pool',
    path: ['codePool'],
  })
  .refine((p) => p.codePool === undefined || p.stock !== null, {
    message: 'a prize with a code pool needs a stock (at most its codes)',
    path: ['stock'],
  });

export const activityDefSchema = z
  .object({
    id,
    corp: z.string(),
    group: id.optional(),
    type: z.enum(ACTIVITY_TYPES),
    title: z.string().min(1).max(40),
    subtitle: z.string().max(80).default(''),
    state: z.enum(['draft', 'published', 'paused', 'ended']).default('published'),
    startsAt: when,
    endsAt: when,
    rules: z.string().min(1).max(20_000),
    chances: z
      .object({
        perDay: z.number().int().positive().nullable().default(null),
        perActivity: z.number().int().positive().nullable().default(null),
      })
      .strict()
      .refine((c) => c.perDay !== null || c.perActivity !== null, 'set perDay, perActivity or both'),
    eligibility: z
      .object({
        whiteListOnly: z.boolean().default(false),
        cgroupIds: z.array(id).default([]),
        newCustomersSince: when.nullable().default(null),
        blacklist: z.array(z.string()).default([]),
        /** A white list uploaded in the console (campaign_list id): only its customers take part. */
        whiteList: id.nullable().default(null),
      })
      .strict()
      .default({ whiteListOnly: false, cgroupIds: [], newCustomersSince: null, blacklist: [], whiteList: null }),
    page: z
      .object({
        banner: z.string().nullable().default(null),
        primaryColor: z.string().default('#e8373e'),
        backgroundColor: z.string().default('#fff3e6'),
        textColor: z.string().default('#5a1a00'),
        buttonImage: z.string().nullable().default(null),
        shareTitle: z.string().default(''),
        shareText: z.string().default(''),
        shareImage: z.string().nullable().default(null),
        ribbon: z.string().max(12).default(''),
        theme: z.enum(PAGE_THEMES).default('spring'),
        segmentColors: z.array(colour).max(12).default([]),
        gridLayout: z.enum(GRID_LAYOUTS).default('clockwise'),
        scratchCover: z.union([colour, z.literal('')]).default(''),
        scratchText: z.string().max(12).default(''),
        boxCount: z
          .number()
          .int()
          .refine((n) => (BLIND_BOX_COUNTS as readonly number[]).includes(n), 'boxes: 3, 6 or 9')
          .default(6),
      })
      .strict()
      .default({
        banner: null,
        primaryColor: '#e8373e',
        backgroundColor: '#fff3e6',
        textColor: '#5a1a00',
        buttonImage: null,
        shareTitle: '',
        shareText: '',
        shareImage: null,
        ...GAME_PAGE_DEFAULTS,
      }),
    /** What the rules page promises and the server enforces (docs/campaign-format.md). */
    claim: z
      .object({
        addressWindowDays: z.number().int().min(1).max(365).default(DEFAULT_ADDRESS_WINDOW_DAYS),
        couponValidDays: z.number().int().min(1).max(3650).nullable().default(DEFAULT_COUPON_VALID_DAYS),
        /** The coupons' usage rules (使用说明), a line each, shown on the customer's ticket. */
        couponRules: z.array(z.string().trim().min(1).max(100)).max(10).default([]),
      })
      .strict()
      .default({
        addressWindowDays: DEFAULT_ADDRESS_WINDOW_DAYS,
        couponValidDays: DEFAULT_COUPON_VALID_DAYS,
        couponRules: [],
      }),
    prizes: z.array(prizeDefSchema).min(1),
  })
  .strict()
  .refine((a) => a.endsAt > a.startsAt, { message: 'endsAt must be after startsAt', path: ['endsAt'] })
  .refine((a) => a.prizes.every((p) => p.kind !== 'points' || p.points), {
    message: 'a points prize needs `points`',
    path: ['prizes'],
  });
export type ActivityDef = z.output<typeof activityDefSchema>;
export type PrizeDef = z.output<typeof prizeDefSchema>;

export const groupDefSchema = z
  .object({
    id,
    corp: z.string(),
    showActIds: z.array(id).default([]),
    relatedActIds: z.array(id).default([]),
    surplusActIds: z.array(id).default([]),
    winnerActIds: z.array(id).default([]),
    rocc: z.number().int().min(0).max(1).default(0),
    /** When risk cannot be judged (counters or the bank's engine unreachable): refuse, or draw on with a cap. */
    riskFailPolicy: z.enum(['open', 'closed']).optional(),
    riskFailOpenPerMinute: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();
export type GroupDef = z.output<typeof groupDefSchema>;

export interface Eligibility {
  whiteListOnly: boolean;
  cgroupIds: string[];
  newCustomersSince: number | null;
  blacklist: string[];
  /** Absent in activities stored before white lists were enforced. */
  whiteList?: string | null;
}
