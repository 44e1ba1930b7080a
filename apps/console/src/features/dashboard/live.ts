import { type Dashboard, routes } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointKey, useEndpointQuery } from '../../api/queries';
import { endpointUrl } from '../../api/request';

export type LiveState = 'connecting' | 'live' | 'offline';

/** The first wait before opening a refused stream again, doubled each time up to `RETRY_MAX_MS`. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * The dashboard, kept current by the server's event stream (GET /console/stats/stream): each `dashboard`
 * event replaces the cached answer, within about 2 s of a draw on any node. EventSource reconnects by itself
 * after a dropped connection, but gives up for good on an answer that is not the stream (a 503 while the
 * nodes restart, a 429 past a node's streams): then this opens it again, after 2 s doubling to 30 s.
 */
export function useLiveDashboard(actId: string | undefined) {
  const query = actId ? { actId } : {};
  const client = useQueryClient();
  const dashboard = useEndpointQuery('consoleStatsDashboard', { query }, { placeholderData: (prev) => prev });
  const [state, setState] = useState<LiveState>('connecting');
  const key = JSON.stringify(query);
  useEffect(() => {
    const q = JSON.parse(key) as { actId?: string };
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_FIRST_MS;
    const open = () => {
      const s = new EventSource(endpointUrl(routes.consoleStatsStream, q), { withCredentials: true });
      source = s;
      setState('connecting');
      s.onopen = () => {
        wait = RETRY_FIRST_MS;
        setState('live');
      };
      s.onerror = () => {
        if (s.readyState !== EventSource.CLOSED) return setState('connecting');
        setState('offline');
        retry = setTimeout(open, wait);
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      };
      s.addEventListener('dashboard', (e) => {
        setState('live');
        client.setQueryData(
          endpointKey('consoleStatsDashboard', q),
          JSON.parse((e as MessageEvent<string>).data) as Dashboard,
        );
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [key, client]);
  return { dashboard, state };
}
