import { routes, type SessionUser } from '@campaign/contract/client';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from './endpoint-key';

/** The one cache entry of the current session, shared by every screen. */
export const SESSION_KEY = endpointKey(routes.currentSession);

/**
 * Someone logged in, out, or the login expired: the session entry holds the new user, and every
 * other cached answer is dropped (active screens refetch), because it may belong to the previous
 * customer — the cache never shows one customer another's prizes or chances.
 */
export function setSession(client: QueryClient, user: SessionUser | null): void {
  const before = client.getQueryData<SessionUser | null>(SESSION_KEY);
  client.setQueryData(SESSION_KEY, user);
  const same = before !== undefined && before?.nuid === user?.nuid && before?.corpId === user?.corpId;
  if (same) return;
  void client.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
}

export function forgetSession(client: QueryClient): void {
  setSession(client, null);
}

/** The session changed on the server in a way whose answer is not the user (open-id exchange). */
export function sessionChanged(client: QueryClient): Promise<void> {
  return client
    .invalidateQueries({ queryKey: SESSION_KEY })
    .then(() => client.resetQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] }));
}
