/** Where "home" buttons go until an activity home screen exists (the lead may point it elsewhere). */
export const HOME_PATH = '/login';
/** spec §2: unknown paths without a previous named route end here. */
export const NOT_FOUND_PATH = '/404';

/** Not logged in → the login screen, which returns here after signing in. */
export function loginPath(current: { pathname: string; search: string }): string {
  return `/login?redirect=${encodeURIComponent(current.pathname + current.search)}`;
}

export const PRIZE_LIST_PATH = '/newPrizeList';
export const COUPON_PATH = '/coupon';
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
