import { chinaMinute, chinaTime, chinaWallIso } from '@campaign/contract/china-time';

/** `2026-11-22T10:00:00.000` read as China Standard Time (the contract's one China-time helper). */
export const chinaIso = (ms: number) => chinaWallIso(ms);

/** `2026-11-22 10:00` in China time, as staff read it (the server keeps epoch milliseconds). */
export function formatTime(ms: number | null | undefined, seconds = false): string {
  if (ms === null || ms === undefined) return '';
  return seconds ? chinaTime(ms) : chinaMinute(ms);
}

/** Money as staff read it everywhere in the console: "¥1,234.50" from cents (the contract's one formatter). */
export { yuan } from '@campaign/contract/client';
