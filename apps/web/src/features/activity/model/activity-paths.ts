import type { ActivityDetail } from '@campaign/contract/client';

type ActivityType = ActivityDetail['type'];

/** The screen that plays an activity of each type (spec §2 routes). */
const PLAY_SCREEN: Readonly<Record<ActivityType, string>> = {
  wheel: '/upStdDraw',
  grid: '/upStdDraw',
  scratch: '/bluescratch',
  blindbox: '/blindBox',
  common: '/commonActivity',
  newCustomer: '/newCustomers',
  newUser: '/newUser',
  ranking: '/pro1',
};

/** The game screens and the activity types each one can play; share variants play what their original plays. */
const SCREEN_PLAYS: Readonly<Record<string, readonly ActivityType[]>> = {
  '/upStdDraw': ['wheel', 'grid'],
  '/bluescratch': ['scratch'],
  '/scratchPlayShare': ['scratch'],
  '/blindBox': ['blindbox'],
  '/commonActivity': ['common'],
  '/commonActivityShare': ['common'],
};

export function playPath(type: ActivityType, actId: string): string {
  return `${PLAY_SCREEN[type]}?actId=${encodeURIComponent(actId)}`;
}

/**
 * The one rule for a game screen opened with an activity of another type (/blindBox?actId=<a wheel>):
 * the screen that plays it, with the same query, to be opened in place of this one. null = this screen
 * plays it (or is no game screen, like the landing page that lists every type).
 */
export function rightScreenFor(
  type: ActivityType,
  at: { pathname: string; search: string; hash: string },
): string | null {
  const plays = SCREEN_PLAYS[at.pathname];
  if (!plays || plays.includes(type)) return null;
  return `${PLAY_SCREEN[type]}${at.search}${at.hash}`;
}

/** Rules of an activity: the common activity has its own rules route. */
export function rulesPath(type: ActivityType, actId: string): string {
  return `${type === 'common' ? '/commonRules' : '/rules'}?actId=${encodeURIComponent(actId)}`;
}
