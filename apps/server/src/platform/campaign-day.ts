/** China Standard Time: UTC+8, no daylight saving. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** `2026-11-22T10:00:00.000Z` read as China Standard Time. */
const chinaIso = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString();

/** Campaign days run on China Standard Time. */
export function campaignDay(now: number): string {
  return chinaIso(now).slice(0, 10);
}

const DAY_MS = 86_400_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
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
