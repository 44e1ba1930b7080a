import { z } from 'zod';
import { endpoint } from '../endpoint';

// A campaign's (or the whole corp's) live numbers (issue 24, docs/decisions/0360-stats-counters.md). Read
// from roll-ups kept by the events themselves (a draw's counters are written in the draw transaction),
// never by scanning the raw tables; the stream pushes the same answer within about 2 s of a draw.

export const STATS_READERS = ['operator', 'approver', 'auditor'] as const;

/** Where a customer came from: the bank's app, a chat platform, a plain browser, a mini-app; '' unknown. */
export const STAT_CHANNELS = ['app', 'chat', 'h5', 'miniapp'] as const;
export type StatChannel = (typeof STAT_CHANNELS)[number];

/** What is counted. */
export const STAT_METRICS = [
  'pv', // page view
  'uv', // a visitor's first page view of the campaign
  'login', // a signed-in visitor's first page view of the campaign
  'draw',
  'first', // a customer's first draw in the campaign (unique participants)
  'win', // an award (per prize; cents: its value)
  'claim', // address given, code shown or used, discount used
  'redeem', // used at a counter or online
  'ship',
  'deliver',
  'req', // a customer's call about the campaign
  'err', // … answered with an error
  'r429', // … answered 429
  'risk', // … refused by the risk rules
] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

const count = z.number().int();
const scopeQuery = z.object({
  /** A campaign; without it, every campaign of the corp. */
  actId: z.string().trim().min(1).max(64).optional(),
});

export const statsTotalsSchema = z.object({
  pageViews: count,
  visitors: count,
  logins: count,
  draws: count,
  participants: count,
  wins: count,
  claimed: count,
  redeemed: count,
  shipped: count,
  delivered: count,
  requests: count,
  errors: count,
  tooMany: count,
  riskRefused: count,
});
export type StatsTotals = z.infer<typeof statsTotalsSchema>;

const seriesPoint = z.object({
  /** Epoch ms of the hour's (or the day's, Beijing time) start. */
  at: count,
  pageViews: count,
  draws: count,
  wins: count,
  spentCents: count,
});

/** A China day, `YYYY-MM-DD`. */
const chinaDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'i18n:chinaDay' });
/**
 * The dashboard's days (Beijing time, both included). Read from the hourly roll-up, so within a range the
 * channels are not split (the hourly rows keep no channel) and prize stock stays as it is now.
 */
const rangeQuery = scopeQuery.extend({ from: chinaDay.optional(), to: chinaDay.optional() });

export const dashboardSchema = z.object({
  actId: z.string().nullable(),
  title: z.string().nullable(),
  startsAt: count.nullable(),
  endsAt: count.nullable(),
  /** When these numbers were read (epoch ms). */
  asOf: count,
  /** The days read (Beijing time, both included); null: everything since the start. */
  range: z.object({ from: chinaDay.nullable(), to: chinaDay.nullable() }).nullable(),
  totals: statsTotalsSchema,
  /** Of the customers' calls: the share answered with an error, with 429, refused by risk rules (0–1). */
  rates: z.object({ errors: z.number(), tooMany: z.number(), riskRefused: z.number() }),
  prizes: z.array(
    z.object({
      prizeId: z.string(),
      name: z.string(),
      kind: z.string(),
      valueCents: count,
      initialStock: count.nullable(),
      left: count.nullable(),
      wins: count,
      /** Wins in the last 60 minutes: the pace the forecast uses. */
      lastHour: count,
      /** When the stock runs out at the last hour's pace; null: unlimited, no pace, or after the end. */
      runsOutAt: count.nullable(),
    }),
  ),
  budget: z.object({
    spentCents: count,
    /** Initial stock × value of every prize with a stock (the most the campaign can pay out). */
    capCents: count.nullable(),
    lastHourCents: count,
    /** Spent at the end date at the last hour's pace (at most the cap); null without an end date. */
    forecastCents: count.nullable(),
  }),
  funnel: z.array(z.object({ step: z.enum(['pv', 'login', 'first', 'win', 'claim', 'done']), n: count })),
  channels: z.array(
    z.object({ channel: z.enum(STAT_CHANNELS).or(z.literal('')), pageViews: count, draws: count, wins: count }),
  ),
  byHour: z.array(seriesPoint),
  byDay: z.array(seriesPoint),
  /** The corp's view: each campaign's headline numbers. */
  campaigns: z.array(z.object({ actId: z.string(), draws: count, wins: count, spentCents: count })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const statsEndpoints = {
  consoleStatsDashboard: endpoint({
    method: 'GET',
    path: '/console/stats/dashboard',
    version: 'none',
    loading: false,
    access: 'console',
    roles: STATS_READERS,
    tag: 'console-stats',
    summary:
      "A campaign's (or the corp's) numbers: totals, stock and run-out, budget and forecast, funnel, splits; optionally of some days only",
    query: rangeQuery,
    body: z.undefined(),
    data: dashboardSchema,
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
  consoleStatsStream: endpoint({
    method: 'GET',
    path: '/console/stats/stream',
    version: 'none',
    loading: false,
    access: 'console',
    roles: STATS_READERS,
    produces: { type: 'text/event-stream' },
    tag: 'console-stats',
    summary: 'Server-sent events: the dashboard again (event `dashboard`) within about 2 s of every change',
    query: scopeQuery,
    body: z.undefined(),
    data: z.null(),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
} as const;
