import { type Dashboard, fromChinaWall, STAT_CHANNELS, type StatsTotals } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { StatsCampaign, StatsCatalogPort } from './ports';
import * as repo from './repo';

const DAY = 24 * repo.HOUR;
/** Days start at midnight in Beijing (UTC+8). */
const BEIJING = 8 * repo.HOUR;
/** Hours the hourly chart shows. */
const HOURS_SHOWN = 48;

type TotalRow = Awaited<ReturnType<typeof repo.totals>>[number];
type Point = Dashboard['byHour'][number];

const sumOf = (rows: TotalRow[], metric: string) => rows.reduce((s, r) => (r.metric === metric ? s + r.n : s), 0);

function totalsOf(rows: TotalRow[]): StatsTotals {
  return {
    pageViews: sumOf(rows, 'pv'),
    visitors: sumOf(rows, 'uv'),
    logins: sumOf(rows, 'login'),
    draws: sumOf(rows, 'draw'),
    participants: sumOf(rows, 'first'),
    wins: sumOf(rows, 'win'),
    claimed: sumOf(rows, 'claim'),
    redeemed: sumOf(rows, 'redeem'),
    shipped: sumOf(rows, 'ship'),
    delivered: sumOf(rows, 'deliver'),
    requests: sumOf(rows, 'req'),
    errors: sumOf(rows, 'err'),
    tooMany: sumOf(rows, 'r429'),
    riskRefused: sumOf(rows, 'risk'),
  };
}

function series(rows: Awaited<ReturnType<typeof repo.hours>>, bucket: (hour: number) => number): Point[] {
  const by = new Map<number, Point>();
  for (const r of rows) {
    const at = bucket(r.hour);
    let p = by.get(at);
    if (!p) {
      p = { at, pageViews: 0, draws: 0, wins: 0, spentCents: 0 };
      by.set(at, p);
    }
    if (r.metric === 'pv') p.pageViews += r.n;
    else if (r.metric === 'draw') p.draws += r.n;
    else if (r.metric === 'win') {
      p.wins += r.n;
      p.spentCents += r.cents;
    }
  }
  return [...by.values()].sort((a, b) => a.at - b.at);
}

const ratio = (n: number, of: number) => (of > 0 ? n / of : 0);

type Recent = Awaited<ReturnType<typeof repo.recentWins>>;
type Prizes = Dashboard['prizes'];

/** Each prize's wins and the budget spent, from the totals. */
function winsAndSpend(rows: TotalRow[]) {
  const winsOf = new Map<string, number>();
  let spentCents = 0;
  for (const r of rows) {
    if (r.metric !== 'win') continue;
    winsOf.set(r.prize_id, (winsOf.get(r.prize_id) ?? 0) + r.n);
    spentCents += r.cents;
  }
  return { winsOf, spentCents };
}

/** The campaign's prizes (no thanks): stock left, wins, the last hour's pace and when the stock runs out. */
function prizeLines(
  campaign: StatsCampaign | null,
  winsOf: Map<string, number>,
  recent: Recent,
  stock: { prizeId: string; left: number | null }[],
  now: number,
): Prizes {
  const recentOf = new Map(recent.map((r) => [r.prize_id, r.n]));
  const leftOf = new Map(stock.map((s) => [s.prizeId, s.left]));
  const endsAt = campaign?.endsAt ?? null;
  return (campaign?.prizes ?? [])
    .filter((p) => p.kind !== 'thanks')
    .map((p) => {
      const left = leftOf.get(p.id) ?? null;
      const lastHour = recentOf.get(p.id) ?? 0;
      const runsOut =
        left !== null && left > 0 && lastHour > 0 ? Math.round(now + (left / lastHour) * repo.HOUR) : null;
      return {
        prizeId: p.id,
        name: p.name,
        kind: p.kind,
        valueCents: p.valueCents,
        initialStock: p.totalStock,
        left,
        wins: winsOf.get(p.id) ?? 0,
        lastHour,
        runsOutAt: runsOut !== null && (endsAt === null || runsOut <= endsAt) ? runsOut : null,
      };
    });
}

/** Spent, the cap the stock allows, the last hour's spend and the forecast to the end. */
function budgetOf(prizes: Prizes, spentCents: number, recent: Recent, endsAt: number | null, now: number) {
  const lastHourCents = recent.reduce((s, r) => s + r.cents, 0);
  const stocked = prizes.filter((p) => p.initialStock !== null);
  const capCents = stocked.length ? stocked.reduce((s, p) => s + (p.initialStock ?? 0) * p.valueCents, 0) : null;
  // At the pace of the last hour until the end, but never past the cap: stock that is gone is not paid out.
  const paced =
    endsAt === null ? null : Math.round(spentCents + (endsAt > now ? (lastHourCents * (endsAt - now)) / repo.HOUR : 0));
  const forecastCents = paced === null || capCents === null ? paced : Math.min(paced, capCents);
  return { spentCents, capCents, lastHourCents, forecastCents };
}

function channelsOf(rows: TotalRow[]): Dashboard['channels'] {
  const channels = [...STAT_CHANNELS, ''].map((channel) => {
    const of = rows.filter((r) => r.channel === channel);
    return { channel, pageViews: sumOf(of, 'pv'), draws: sumOf(of, 'draw'), wins: sumOf(of, 'win') };
  });
  return channels.filter((c) => c.channel !== '' || c.pageViews + c.draws > 0) as Dashboard['channels'];
}

/** The corp's campaigns by draws (the corp's dashboard only). */
function campaignsOf(campaigns: Awaited<ReturnType<typeof repo.perCampaign>>): Dashboard['campaigns'] {
  const byCampaign = new Map<string, { actId: string; draws: number; wins: number; spentCents: number }>();
  for (const r of campaigns) {
    const c = byCampaign.get(r.act_id) ?? { actId: r.act_id, draws: 0, wins: 0, spentCents: 0 };
    if (r.metric === 'draw') c.draws += r.n;
    else {
      c.wins += r.n;
      c.spentCents += r.cents;
    }
    byCampaign.set(r.act_id, c);
  }
  return [...byCampaign.values()].sort((a, b) => b.draws - a.draws);
}

export type DayRange = { from?: string | undefined; to?: string | undefined };

/** The hours of some China days (both included); null without any; a range that ends before it starts is refused. */
function spanOf(range: DayRange | undefined): repo.Span {
  if (!range?.from && !range?.to) return null;
  const from = range.from ? fromChinaWall(range.from) : 0;
  const to = range.to ? fromChinaWall(range.to) + DAY : Number.MAX_SAFE_INTEGER;
  if (Number.isNaN(from) || Number.isNaN(to) || to <= from) {
    throw new AppError('VALIDATION', {
      'zh-CN': '结束日期不能早于开始日期',
      'en-US': 'the range ends before it starts',
    });
  }
  return { from, to };
}

/**
 * A campaign's dashboard (or the corp's, without `actId`), from the roll-ups and the prize rows: a few
 * grouped reads whose size depends on the campaign's hours and prizes, not on its draws.
 */
export async function buildDashboard(
  db: Own<'stats'>,
  catalog: StatsCatalogPort,
  scope: { corpId: string; actId?: string | undefined; range?: DayRange | undefined },
  now: number,
): Promise<Dashboard> {
  const span = spanOf(scope.range);
  let campaign: StatsCampaign | null = null;
  if (scope.actId) {
    campaign = await catalog.campaign(scope.corpId, scope.actId);
    if (!campaign) throw new AppError('ACTIVITY_NOT_FOUND');
  }
  const [rows, all, hours, recent, stock, campaigns] = await Promise.all([
    repo.totals(db, scope, span),
    // Stock is as it is now: each prize's wins since the start, whatever the range.
    span && scope.actId ? repo.totals(db, scope) : null,
    repo.hours(db, scope, span),
    repo.recentWins(db, scope, now - repo.HOUR),
    scope.actId ? catalog.stockLeft(scope.corpId, scope.actId) : Promise.resolve([]),
    scope.actId ? Promise.resolve([]) : repo.perCampaign(db, scope.corpId, span),
  ]);
  const totals = totalsOf(rows);
  const { spentCents } = winsAndSpend(rows);
  const { winsOf } = winsAndSpend(all ?? rows);
  const endsAt = campaign?.endsAt ?? null;
  const prizes = prizeLines(campaign, winsOf, recent, stock, now);
  // The last 48 hours (of the range when it ends before now).
  const lastHour = Math.min(now, span ? span.to - 1 : now);
  const firstHourShown = lastHour - (lastHour % repo.HOUR) - (HOURS_SHOWN - 1) * repo.HOUR;
  return {
    actId: scope.actId ?? null,
    title: campaign?.title ?? null,
    startsAt: campaign?.startsAt ?? null,
    endsAt,
    asOf: now,
    range: span ? { from: scope.range?.from ?? null, to: scope.range?.to ?? null } : null,
    totals,
    rates: {
      errors: ratio(totals.errors, totals.requests),
      tooMany: ratio(totals.tooMany, totals.requests),
      riskRefused: ratio(totals.riskRefused, totals.requests),
    },
    prizes,
    budget: budgetOf(prizes, spentCents, recent, endsAt, now),
    funnel: [
      { step: 'pv', n: totals.pageViews },
      { step: 'login', n: totals.logins },
      { step: 'first', n: totals.participants },
      { step: 'win', n: totals.wins },
      { step: 'claim', n: totals.claimed },
      { step: 'done', n: totals.redeemed + totals.shipped },
    ],
    // Within a range the hourly rows keep no channel: no split rather than everything under 未知.
    channels: span ? [] : channelsOf(rows),
    byHour: series(
      hours.filter((h) => h.hour >= firstHourShown),
      (h) => h,
    ),
    byDay: series(hours, (h) => h - ((h + BEIJING) % DAY)),
    campaigns: campaignsOf(campaigns),
  };
}
