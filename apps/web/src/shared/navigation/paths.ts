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

/**
 * A draw the risk check wants confirmed by an SMS code (RISK_STEP_UP): the login screen asks for a fresh
 * one-time code even when signed in, then returns to `current`.
 */
export function stepUpPath(current: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?stepUp=1&redirect=${encodeURIComponent(current.pathname + current.search)}`;
}

export const COUPON_PATH = '/coupon';
/** One coupon or ticket opened on /coupon: its code, QR and where to use it. */
export function ticketPath(couponId: string): string {
  return `${COUPON_PATH}?open=${encodeURIComponent(couponId)}`;
}
/** The public fairness check of one draw, filled in; the corp rides along so the link works when shared. */
export function verifyPath(drawId: string, corpId: string | null = currentCorpId()): string {
  return withQuery('/verify', { corpId: corpId ?? undefined, drawId });
}
export const ADDRESS_LIST_PATH = '/addressList';
export const ADD_ADDRESS_PATH = '/addAddress';
export const ORDER_CONFIRM_PATH = '/orderConfirm';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A physical prize's order; `addNo` is the address just chosen for it. Features link to one another by
 * these URLs, never by importing each other's screens.
 */
export function orderConfirmPath(orderId: string, addNo?: string): string {
  return withQuery(ORDER_CONFIRM_PATH, { orderId, addNo });
}

/** The address list; with `orderId` it picks an address for that order and returns to it. */
export function addressListPath(orderId?: string): string {
  return withQuery(ADDRESS_LIST_PATH, { orderId });
}

/** The add form; `fromApp` starts it from the host app's default address (kept in the global store). */
export function addAddressPath(orderId?: string, fromApp = false): string {
  return withQuery(ADD_ADDRESS_PATH, { orderId, from: fromApp ? 'app' : undefined });
}

export function editAddressPath(addNo: string, orderId?: string): string {
  return withQuery(`/editAddress/${encodeURIComponent(addNo)}`, { orderId });
}

export function discountDetailPath(discountId: string): string {
  return withQuery('/lijianDetail', { discountId });
}

export function discountRulePath(discountId: string): string {
  return withQuery('/lijianUseRule', { discountId });
}
