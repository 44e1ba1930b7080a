import { type Dashboard, routes } from '@campaign/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointKey, useEndpointQuery } from '../../api/queries';
import { endpointUrl } from '../../api/request';

export type LiveState = 'connecting' | 'live' | 'offline';

/**
 * The dashboard, kept current by the server's event stream (GET /console/stats/stream): each `dashboard`
 * event replaces the cached answer, within about 2 s of a draw on any node. EventSource reconnects by itself.
 */
export function useLiveDashboard(actId: string | undefined) {
  const query = actId ? { actId } : {};
  const client = useQueryClient();
  const dashboard = useEndpointQuery('consoleStatsDashboard', { query }, { placeholderData: (prev) => prev });
  const [state, setState] = useState<LiveState>('connecting');
  const key = JSON.stringify(query);
  useEffect(() => {
    const q = JSON.parse(key) as { actId?: string };
    const source = new EventSource(endpointUrl(routes.consoleStatsStream, q), { withCredentials: true });
    setState('connecting');
    source.onopen = () => setState('live');
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.addEventListener('dashboard', (e) => {
      setState('live');
      client.setQueryData(
        endpointKey('consoleStatsDashboard', q),
        JSON.parse((e as MessageEvent<string>).data) as Dashboard,
      );
    });
    return () => source.close();
  }, [key, client]);
  return { dashboard, state };
}
