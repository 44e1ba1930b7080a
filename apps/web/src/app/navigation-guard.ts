import { routes } from '@campaign/contract/client';
import { mutateEndpoint } from '../api/endpoint-query';
import { queryClient } from '../api/query-client';
import { storedAppVersion, useGlobalStore } from '../shared/store/global-store';
import { type OpenIdOutcome, openIdGuardApplies, resolveOpenId } from './open-id-guard';

/**
 * Runs before each navigation: the open-id guard (spec §4). When the guard applies it first waits
 * for the start-up gray release, so a code is exchanged in the right gray lane (a code works once).
 * Otherwise the first screen does not wait for the gray check: if that check ends in the one
 * reload, whatever the screen fetched meanwhile is discarded with the page.
 */
export function createBeforeEach(ready: Promise<unknown>, initialSearch: string) {
  const initial = new URLSearchParams(initialSearch);
  return async (url: URL): Promise<OpenIdOutcome> => {
    const state = useGlobalStore.getState();
    const isApp = url.searchParams.get('isApp') ?? state.isApp;
    const appVersion = storedAppVersion();
    if (!openIdGuardApplies(isApp, appVersion)) return { kind: 'skipped' };
    await ready;
    return resolveOpenId({
      isApp,
      appVersion,
      storedOpenId: useGlobalStore.getState().openId,
      code: url.searchParams.get('code') ?? initial.get('code'),
      // Through the cache effects: the exchange also logs the chat-platform user in.
      exchange: (code) => mutateEndpoint(queryClient, routes.openIdExchange, { body: { code }, quiet: true }),
      store: (openId) => useGlobalStore.getState().setOpenId(openId),
      log: (message, error) => console.warn(message, error),
    });
  };
}
