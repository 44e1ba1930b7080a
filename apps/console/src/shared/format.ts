/** `2026-11-22T10:00:00.000Z` read as China Standard Time (UTC+8, no daylight saving). */
export const chinaIso = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString();

/** `2026-11-22 10:00` in China time, as staff read it (the server keeps epoch milliseconds). */
export function formatTime(ms: number | null | undefined, seconds = false): string {
  if (ms === null || ms === undefined) return '';
  const d = chinaIso(ms).replace('T', ' ');
  return seconds ? d.slice(0, 19) : d.slice(0, 16);
}

/** Money as staff read it everywhere in the console: "¥1,234.50" from cents (the contract's one formatter). */
export { yuan } from '@campaign/contract/client';
