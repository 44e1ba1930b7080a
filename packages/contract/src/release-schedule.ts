import { z } from 'zod';
import { CHINA_OFFSET_MS } from './china-time';

/**
 * A prize's stock released on a schedule (issue 37, ADR 0063): `units` at the start of the campaign, then
 * again at each release time in China time — every day at `at` (`HH:mm`), or every hour on the hour. With
 * `rollover`, what a period leaves undrawn stays for the next; without it, each period offers `units` at most.
 * The schedule is part of the prize's published terms (the rules page and the fairness commitment show it).
 * Server (the draw's stock condition) and H5 (the countdown) read it through the same functions.
 */
const releaseFields = z.object({
  every: z.enum(['day', 'hour']),
  at: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: '释放时间须写作 HH:mm（例如 10:00）' })
    .optional(),
  units: z.number().int().positive(),
  rollover: z.boolean().default(true),
});
/** As a campaign file or draft writes it. */
export const releaseScheduleSchema = releaseFields.refine((r) => r.every === 'day' || r.at === undefined, {
  message: '按小时释放时不写时间（每小时整点释放）',
  path: ['at'],
});
/** As the published prize table shows it (the rules page, the H5's countdown). */
export const publishedReleaseSchema = releaseFields;
export type ReleaseSchedule = z.infer<typeof releaseScheduleSchema>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The offset of a day's release time from the China day's start (00:00 when none is written). */
function dayOffset(at: string | undefined): number {
  if (!at) return 0;
  const [h, m] = at.split(':').map(Number);
  return (h ?? 0) * HOUR_MS + (m ?? 0) * 60_000;
}

/** The first release time strictly after `t` (epoch ms). */
function nextAfter(r: ReleaseSchedule, t: number): number {
  if (r.every === 'hour') return (Math.floor(t / HOUR_MS) + 1) * HOUR_MS;
  const off = dayOffset(r.at);
  const wall = t + CHINA_OFFSET_MS;
  let candidate = Math.floor(wall / DAY_MS) * DAY_MS + off - CHINA_OFFSET_MS;
  while (candidate <= t) candidate += DAY_MS;
  return candidate;
}

export interface ReleaseState {
  /** Releases made by `now` (the campaign's start counts as the first); 0 before the start. */
  releases: number;
  /** The current period's start: the last release at or before `now` (null before the start). */
  periodStart: number | null;
  /** The next release, or null when none comes before the campaign ends. */
  nextAt: number | null;
}

/** Where a schedule stands at `now`, for a campaign running from `startsAt` to `endsAt`. */
export function releaseState(r: ReleaseSchedule, startsAt: number, endsAt: number, now: number): ReleaseState {
  if (now < startsAt) return { releases: 0, periodStart: null, nextAt: startsAt < endsAt ? startsAt : null };
  const first = nextAfter(r, startsAt);
  const period = r.every === 'hour' ? HOUR_MS : DAY_MS;
  const after = now < first ? 0 : Math.floor((now - first) / period) + 1;
  const periodStart = after === 0 ? startsAt : first + (after - 1) * period;
  const next = after === 0 ? first : periodStart + period;
  return { releases: 1 + after, periodStart, nextAt: next < endsAt ? next : null };
}

/**
 * With rollover: how many of the prize's units have been released by now (never more than its stock). The
 * draw may take a unit only while fewer than these have been given out.
 */
export function releasedUnits(r: ReleaseSchedule, total: number, s: ReleaseState): number {
  return Math.min(total, r.units * s.releases);
}
