import { endpoints } from '@campaign/contract';
import { call } from '../api/request';
import { storedAppVersion, useGlobalStore } from '../shared/store/global-store';
import { type OpenIdOutcome, resolveOpenId } from './open-id-guard';

/** Runs before each navigation: waits for start-up, then the open-id guard (spec §4). */
export function createBeforeEach(ready: Promise<unknown>, initialSearch: string) {
  const initial = new URLSearchParams(initialSearch);
  return async (url: URL): Promise<OpenIdOutcome> => {
    await ready;
    const state = useGlobalStore.getState();
    return resolveOpenId({
      isApp: url.searchParams.get('isApp') ?? state.isApp,
      appVersion: storedAppVersion(),
      storedOpenId: state.openId,
      code: url.searchParams.get('code') ?? initial.get('code'),
      exchange: (code) => call(endpoints.openIdExchange, { body: { code }, quiet: true }),
      store: (openId) => useGlobalStore.getState().setOpenId(openId),
      log: (message, error) => console.warn(message, error),
    });
  };
}
