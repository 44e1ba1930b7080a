import { type Dashboard, routes } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointKey, useEndpointQuery } from '../../api/queries';
import { endpointUrl } from '../../api/request';

export type LiveState = 'connecting' | 'live' | 'offline' | 'static';

/** The first wait before opening a refused stream again, doubled each time up to `RETRY_MAX_MS`. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * The dashboard, kept current by the server's event stream (GET /console/stats/stream): each `dashboard`
 * event replaces the cached answer, within about 2 s of a draw on any node. EventSource reconnects by itself
 * after a dropped connection, but gives up for good on an answer that is not the stream (a 503 while the
 * nodes restart, a 429 past a node's streams, a 401 once the session has ended): then this asks for the
 * dashboard once through the request layer, which sends a signed-out user to sign-in, and opens the stream
 * again after 2 s, doubling to 30 s.
 */
export function useLiveDashboard(actId: string | undefined, range: { from?: string; to?: string } = {}) {
  const days = range.from || range.to;
  const query = {
    ...(actId ? { actId } : {}),
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  };
  const client = useQueryClient();
  // Some days only: read once (and every 30 s), not streamed; the stream carries the whole campaign.
  const dashboard = useEndpointQuery(
    'consoleStatsDashboard',
    { query },
    { placeholderData: (prev) => prev, ...(days ? { refetchInterval: 30_000 } : {}) },
  );
  const [state, setState] = useState<LiveState>('connecting');
  const key = JSON.stringify(query);
  useEffect(() => {
    const q = JSON.parse(key) as { actId?: string; from?: string; to?: string };
    if (q.from || q.to) {
      setState('static');
      return;
    }
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
        void client.refetchQueries({ queryKey: endpointKey('consoleStatsDashboard', q) });
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
