import { COOKIES } from '@campaign/contract/client';
import { readCookie } from '../lib/cookies';

/** The corp's home: the activity park, with the customer's prizes one tap away. */
export const HOME_PATH = '/activityPark';
/** The customer's prizes ("我的奖品"). */
export const PRIZES_PATH = '/newPrizeList';
/** The login screen; `loginPath(here)` returns here after signing in. */
export const LOGIN_PATH = '/login';
/** spec §2: unknown paths without a previous named route end here. */
export const NOT_FOUND_PATH = '/404';

/**
 * The corpId the customer came with: the URL's, else the `corpId` cookie start-up stored
 * (spec §3: every request carries corpId from the payload or a cookie).
 */
export function currentCorpId(
  search: string = typeof location === 'undefined' ? '' : location.search,
  cookie: (name: string) => string | undefined = readCookie,
): string | null {
  return new URLSearchParams(search).get('corpId') || cookie(COOKIES.corpId) || null;
}

/**
 * Where "home" goes (after login without a target, "回到首页" on /404, a mini-app entry without a
 * target): the corp's activity park. The corpId rides along so the link still works when shared or
 * opened in a webview that dropped the cookie.
 */
export function homePath(corpId: string | null = currentCorpId()): string {
  return corpId ? `${HOME_PATH}?corpId=${encodeURIComponent(corpId)}` : HOME_PATH;
}

/** Not logged in (or the session expired): the login screen, which returns to `current` afterwards. */
export function loginPath(current: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(current.pathname + current.search)}`;
}
