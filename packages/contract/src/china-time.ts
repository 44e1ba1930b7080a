/**
 * China Standard Time (UTC+8, no daylight saving), the one place the offset is written. Campaign days, staff-facing
 * times, the console's date pickers and the H5's dates all read time through these, whatever the machine's or the
 * browser's own zone. Plain arithmetic, no zone database: exports format a million times in time order.
 */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The zone's name for libraries that take one (dayjs's timezone plugin, Intl). */
export const CHINA_ZONE = 'Asia/Shanghai';

const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `2026-11-22T10:00:00.000` (no zone letter): epoch ms written as China wall time. */
export function chinaWallIso(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 23);
}

/** The campaign day (`YYYY-MM-DD`) an instant falls on in China. */
export function campaignDay(now: number): string {
  return chinaWallIso(now).slice(0, 10);
}

/** The last day formatted: exports format a million times in time order, and the day rarely changes. */
const lastDay = { day: Number.NaN, text: '' };

/** China time, as staff read it: `2026-11-22 10:00:00` (empty for no time). */
export function chinaTime(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const t = Number(ms) + CHINA_OFFSET_MS;
  const day = Math.floor(t / DAY_MS);
  if (day !== lastDay.day) {
    lastDay.day = day;
    lastDay.text = new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  const s = Math.floor((t - day * DAY_MS) / 1000);
  return `${lastDay.text} ${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** `2026-11-23 14:03`: China time to the minute. */
export function chinaMinute(ms: number): string {
  return chinaWallIso(ms).slice(0, 16).replace('T', ' ');
}

/** ISO 8601 with the offset, as the campaign file writes a time: `2026-12-01T00:00:00+08:00`. */
export function chinaIsoWithOffset(ms: number): string {
  return `${chinaWallIso(ms).slice(0, 19)}+08:00`;
}

/**
 * China wall time (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm` or `YYYY-MM-DD HH:mm[:ss]`) to epoch ms; NaN when it is not one.
 * A date alone is the start of that day.
 */
export function fromChinaWall(text: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?)?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Date.parse(`${m[1]}T${m[2] ?? '00:00'}${m[3] ?? ':00'}+08:00`);
}

/** The start of the China day an instant falls on, as epoch ms. */
export function chinaDayStart(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/** Day of week (1 = Monday … 7 = Sunday) and minute of day in China. */
export function chinaWeekMinute(ms: number): { day: number; minute: number } {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return { day: ((d.getUTCDay() + 6) % 7) + 1, minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
}
