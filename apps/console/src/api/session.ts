import type { ConsoleMe } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, useEndpointQuery } from './queries';
import { setCsrfToken } from './request';

/** The signed-in user (GET /console/me): roles for the menu, the CSRF token for every write. */
export function useMe() {
  const q = useEndpointQuery('consoleMe', {}, { retry: false, staleTime: 60_000 });
  if (q.data) setCsrfToken(q.data.csrfToken);
  return q;
}

/** After a sign-in: the session's user and token are known without asking again. */
export function useSignedIn() {
  const client = useQueryClient();
  return (me: ConsoleMe) => {
    setCsrfToken(me.csrfToken);
    client.setQueryData(endpointKey('consoleMe'), me);
  };
}
