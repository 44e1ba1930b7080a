/** Campaign days run on China Standard Time (UTC+8, no daylight saving). */
export function campaignDay(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** China time, as staff read it: `2026-11-22 10:00:00` (empty for no time). */
export function chinaTime(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return new Date(Number(ms) + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}
