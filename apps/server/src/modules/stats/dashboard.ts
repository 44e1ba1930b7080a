import { type Dashboard, STAT_CHANNELS, type StatsTotals } from '@campaign/contract';
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

/**
 * A campaign's dashboard (or the corp's, without `actId`), from the roll-ups and the prize rows: a few
 * grouped reads whose size depends on the campaign's hours and prizes, not on its draws.
 */
export async function buildDashboard(
  db: Own<'stats'>,
  catalog: StatsCatalogPort,
  scope: { corpId: string; actId?: string },
  now: number,
): Promise<Dashboard> {
  let campaign: StatsCampaign | null = null;
  if (scope.actId) {
    campaign = await catalog.campaign(scope.corpId, scope.actId);
    if (!campaign) throw new AppError('ACTIVITY_NOT_FOUND');
  }
  const [rows, hours, recent, stock, campaigns] = await Promise.all([
    repo.totals(db, scope),
    repo.hours(db, scope),
    repo.recentWins(db, scope, now - repo.HOUR),
    scope.actId ? catalog.stockLeft(scope.corpId, scope.actId) : Promise.resolve([]),
    scope.actId ? Promise.resolve([]) : repo.perCampaign(db, scope.corpId),
  ]);
  const totals = totalsOf(rows);
  const winsOf = new Map<string, number>();
  let spentCents = 0;
  for (const r of rows) {
    if (r.metric !== 'win') continue;
    winsOf.set(r.prize_id, (winsOf.get(r.prize_id) ?? 0) + r.n);
    spentCents += r.cents;
  }
  const recentOf = new Map(recent.map((r) => [r.prize_id, r.n]));
  const lastHourCents = recent.reduce((s, r) => s + r.cents, 0);
  const leftOf = new Map(stock.map((s) => [s.prizeId, s.left]));
  const endsAt = campaign?.endsAt ?? null;
  const prizes = (campaign?.prizes ?? [])
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
  const stocked = prizes.filter((p) => p.initialStock !== null);
  const capCents = stocked.length ? stocked.reduce((s, p) => s + (p.initialStock ?? 0) * p.valueCents, 0) : null;
  // At the pace of the last hour until the end, but never past the cap: stock that is gone is not paid out.
  const paced =
    endsAt === null ? null : Math.round(spentCents + (endsAt > now ? (lastHourCents * (endsAt - now)) / repo.HOUR : 0));
  const forecastCents = paced === null || capCents === null ? paced : Math.min(paced, capCents);
  const channels = [...STAT_CHANNELS, ''].map((channel) => {
    const of = rows.filter((r) => r.channel === channel);
    return { channel, pageViews: sumOf(of, 'pv'), draws: sumOf(of, 'draw'), wins: sumOf(of, 'win') };
  });
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
  const firstHourShown = now - (now % repo.HOUR) - (HOURS_SHOWN - 1) * repo.HOUR;
  return {
    actId: scope.actId ?? null,
    title: campaign?.title ?? null,
    startsAt: campaign?.startsAt ?? null,
    endsAt,
    asOf: now,
    totals,
    rates: {
      errors: ratio(totals.errors, totals.requests),
      tooMany: ratio(totals.tooMany, totals.requests),
      riskRefused: ratio(totals.riskRefused, totals.requests),
    },
    prizes,
    budget: { spentCents, capCents, lastHourCents, forecastCents },
    funnel: [
      { step: 'pv', n: totals.pageViews },
      { step: 'login', n: totals.logins },
      { step: 'first', n: totals.participants },
      { step: 'win', n: totals.wins },
      { step: 'claim', n: totals.claimed },
      { step: 'done', n: totals.redeemed + totals.shipped },
    ],
    channels: channels.filter((c) => c.channel !== '' || c.pageViews + c.draws > 0) as Dashboard['channels'],
    byHour: series(
      hours.filter((h) => h.hour >= firstHourShown),
      (h) => h,
    ),
    byDay: series(hours, (h) => h - ((h + BEIJING) % DAY)),
    campaigns: [...byCampaign.values()].sort((a, b) => b.draws - a.draws),
  };
}
