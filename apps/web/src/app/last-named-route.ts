/**
 * spec §2: an unknown path goes back to the previous named route. The last named route is kept per
 * tab (sessionStorage), so it also works when the unknown URL is opened by a full page load.
 */
export const LAST_NAMED_ROUTE_KEY = 'CAMPAIGN_LAST_NAMED_ROUTE';

export function rememberNamedRoute(pathWithSearch: string, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(LAST_NAMED_ROUTE_KEY, pathWithSearch);
  } catch {
    // Storage disabled: unknown paths will go to /404.
  }
}

export function lastNamedRoute(storage: Storage = sessionStorage): string | null {
  try {
    return storage.getItem(LAST_NAMED_ROUTE_KEY);
  } catch {
    return null;
  }
}

/** Where an unknown path sends the user. */
export function unknownRouteTarget(previous: string | null, notFound: string): string {
  return previous?.startsWith('/') ? previous : notFound;
}
