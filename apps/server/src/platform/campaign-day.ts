/** Campaign days run on China Standard Time (UTC+8, no daylight saving). */
export function campaignDay(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}
