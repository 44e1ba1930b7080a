import type { CorpSettings } from '@campaign/contract/client';
import { useQuery } from '@tanstack/react-query';
import { endpointKey } from './queries';
import { type ApiError, call } from './request';

/** How often an open console page asks whether the corp's kill switch is on (another admin may flip it). */
export const KILL_SWITCH_POLL_MS = 5_000;

/**
 * The corp's kill switch (ADR 0332) as every console page shows it: asked again every few seconds while the page
 * is visible and whenever the window regains focus. The poll is a background read: it keeps no idle session
 * alive. Its key sits under `consoleSettings`, so flipping the switch (which invalidates that) refreshes it at once.
 */
export function useKillSwitch() {
  return useQuery<CorpSettings, ApiError, CorpSettings['killSwitch']>({
    queryKey: [...endpointKey('consoleSettings'), 'kill-switch'],
    queryFn: ({ signal }) => call('consoleSettings', { signal, background: true }),
    select: (s) => s.killSwitch,
    refetchInterval: KILL_SWITCH_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}
