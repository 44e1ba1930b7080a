import { z } from 'zod';
import { CAMPAIGN_KINDS } from './campaign-draft';

// The JSON types of a console campaign draft (campaign-draft.ts describes it): what a draft must look like to be
// stored, checked, simulated or imported at all. Work in progress may leave any field out; a field that is there
// has its type and a sane bound, so no rule, figure or column read from it meets a string where it counts, a
// null where it adds, or a number past what the database and the response contract hold. The campaign file's
// own schemas (what `cli import` applies, with the real limits) run after this, at the checks.

/** Counts, cents and limits: whole, not negative, far below where a product of two leaves safe integers. */
const count = z.number().int().min(0).max(1e9);
/** One the editor may clear while the draft is in progress (null); the campaign file's checks then say so. */
const cleared = count.nullable();
const weight = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Epoch ms, or the campaign file's ISO text (or `now+90d`). */
const time = z.union([z.number().int().min(0).max(8.64e15), z.string().max(64)]);
const text = z.string().max(2000);
const longText = z.string().max(50_000);
const ids = (max: number) => z.array(z.string().max(200)).max(max);

const prize = z
  .object({
    id: z.string().max(64),
    name: z.string().max(200),
    kind: z.string().max(32),
    image: text,
    weight,
    stock: count.nullish(),
    perUserCap: count.nullish(),
    valueCents: count,
    points: cleared,
    unlockAfterDraws: count.nullish(),
    tiers: z.array(z.object({ fromDraw: count, weight }).loose()).max(50),
    consolation: z.boolean(),
    codes: z.object({ ref: z.string().max(200), rows: count, name: z.string().max(200).optional() }).nullable(),
    /** The stock's release schedule (ADR 0063); the campaign file's checks hold its rules. */
    release: z
      .object({ every: z.enum(['day', 'hour']), at: z.string().max(5).optional(), units: count, rollover: z.boolean() })
      .partial()
      .loose()
      .nullable(),
  })
  .partial()
  .loose();

const activity = z
  .object({
    id: z.string().max(64),
    corp: z.string().max(64),
    group: z.string().max(64).nullable(),
    type: z.string().max(32),
    title: z.string().max(40),
    subtitle: text,
    startsAt: time,
    endsAt: time,
    rules: longText,
    chances: z.object({ perDay: count.nullish(), perActivity: count.nullish() }).loose(),
    eligibility: z
      .object({
        whiteListOnly: z.boolean(),
        cgroupIds: ids(1000),
        newCustomersSince: time.nullable(),
        blacklist: ids(100_000),
      })
      .partial()
      .loose(),
    // Text, or a game's setting: the wheel's colours (a list), the blind box's count (a number).
    page: z.record(z.string(), z.union([text, z.null(), z.array(z.string().max(32)).max(24), count])),
    claim: z
      .object({
        addressWindowDays: cleared,
        couponValidDays: cleared,
        couponRules: z.array(z.string().max(200)).max(20),
      })
      .partial()
      .loose(),
    prizes: z.array(prize).max(50),
  })
  .partial()
  .loose();

const discount = z
  .object({
    id: z.string().max(64),
    corp: z.string().max(64),
    title: z.string().max(40),
    rules: z.array(text).max(50),
    amountCents: count,
    thresholdCents: cleared,
    validCards: z
      .array(
        z
          .object({ bin: z.string().max(16), label: text })
          .partial()
          .loose(),
      )
      .max(1000),
    validMerchants: z
      .array(
        z
          .object({ id: z.string().max(64), name: text })
          .partial()
          .loose(),
      )
      .max(1000),
    startsAt: time,
    endsAt: time,
    totalLimit: count,
    perUserLimit: cleared,
    dailyLimit: cleared,
  })
  .partial()
  .loose();

const season = z
  .object({
    act: z.string().max(64),
    corp: z.string().max(64),
    tasks: z
      .array(
        z
          .object({
            id: z.string().max(64),
            kind: z.string().max(32),
            title: text,
            points: cleared,
            period: z.string().max(32),
            actId: z.string().max(64),
            seconds: cleared,
          })
          .partial()
          .loose(),
      )
      .max(200),
    bands: z
      .array(
        z
          .object({ from: cleared, to: cleared, prize: z.string().max(64) })
          .partial()
          .loose(),
      )
      .max(200),
  })
  .partial()
  .loose();

const invites = z
  .object({
    corp: z.string().max(64),
    actId: z.string().max(64),
    perDay: cleared,
    perSeason: cleared,
    linkTtlHours: cleared,
  })
  .partial()
  .loose();

const store = z
  .object({
    id: z.string().max(64),
    corp: z.string().max(64),
    name: text,
    address: text,
    cityCode: z.string().max(16),
    cityName: text,
    phone: z.string().max(32),
    lng: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    hours: text,
  })
  .partial()
  .loose();

const staff = z
  .object({ id: z.string().max(64), corp: z.string().max(64), name: text, roles: ids(10), stores: ids(2000) })
  .partial()
  .loose();

/**
 * A draft's JSON types (the console's work in progress: every field but `kind` may be missing). The campaigns
 * module checks a draft against this before any rule reads it, at every console endpoint that takes one.
 */
export const campaignDraftShapeSchema = z
  .object({
    kind: z.enum(CAMPAIGN_KINDS),
    activity: activity.optional(),
    discount: discount.optional(),
    season: season.optional(),
    invites: invites.optional(),
    stores: z
      .object({
        list: z
          .object({ id: z.string().max(64), name: text, stores: ids(2000), activities: ids(200) })
          .partial()
          .loose(),
        stores: z.array(store).max(2000),
      })
      .loose()
      .optional(),
    staffList: z.array(staff).max(2000).optional(),
    banner: z.string().max(512).nullable().optional(),
    whiteList: z
      .object({ ref: z.string().max(200), rows: count, name: z.string().max(200).optional() })
      .nullable()
      .optional(),
    slot: z.string().trim().max(64).optional(),
  })
  .strict();
