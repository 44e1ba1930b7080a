/** `2026-11-22T10:00:00.000Z` read as China Standard Time (UTC+8, no daylight saving). */
const chinaIso = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString();

/** Campaign days run on China Standard Time. */
export function campaignDay(now: number): string {
  return chinaIso(now).slice(0, 10);
}

/** China time, as staff read it: `2026-11-22 10:00:00` (empty for no time). */
export function chinaTime(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return chinaIso(Number(ms)).replace('T', ' ').slice(0, 19);
}
