import type { SessionUser } from '@campaign/contract/client';
import { useEndpointQuery } from './endpoint-query';

/** Logged-in customers change rarely; login, logout and an expired login update the entry at once. */
const SESSION_STALE_MS = 60_000;

/**
 * The current session, one cached read shared by every screen: undefined while it is first read,
 * null when nobody is logged in (or the first read failed: the screens then offer to log in).
 */
export function useSession(): SessionUser | null | undefined {
  const session = useEndpointQuery('currentSession', {}, { meta: { quiet: true }, staleTime: SESSION_STALE_MS });
  if (session.data !== undefined) return session.data;
  return session.isError ? null : undefined;
}
