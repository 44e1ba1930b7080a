/** Pure helpers of the season screens (tested without a browser). */

export const SEASON_PATHS = {
  home: '/pro1',
  rank: '/pro1/rank',
  task: '/pro1/task',
  prizes: '/pro1/prizeList',
  visit: '/visitShop',
  visitShare: '/visitShopShare',
} as const;

/** A season screen's link, keeping the activity (and the corp when the page was opened with one). */
export function seasonLink(path: string, actId: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ actId, ...extra });
  const corpId = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('corpId');
  if (corpId && !q.has('corpId')) q.set('corpId', corpId);
  return `${path}?${q.toString()}`;
}

/** Days, hours, minutes, seconds left until `end` (never negative). */
export function timeLeft(end: number, now: number): { d: number; h: number; m: number; s: number; over: boolean } {
  const ms = Math.max(0, end - now);
  const s = Math.floor(ms / 1000);
  return {
    d: Math.floor(s / 86_400),
    h: Math.floor((s % 86_400) / 3600),
    m: Math.floor((s % 3600) / 60),
    s: s % 60,
    over: ms === 0,
  };
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "1", "2–10", "11–50": a rank band as a label. */
export function bandLabel(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/** The fraction of a visit done, 0..1, from the server's start and the client's clock offset. */
export function visitProgress(startedAtServer: number, seconds: number, nowServer: number): number {
  if (seconds <= 0) return 1;
  return Math.min(1, Math.max(0, (nowServer - startedAtServer) / (seconds * 1000)));
}
