import { describe, expect, it } from 'vitest';
import { APP_VERSION_KEY, MINI_APP_ID_KEY, storeAppVersion, storedAppVersion, useGlobalStore } from './global-store';

describe('global store (spec §3)', () => {
  it('persists miniAppId under ELIFE_MINI_APP_ID', () => {
    expect(MINI_APP_ID_KEY).toBe('ELIFE_MINI_APP_ID');
    useGlobalStore.getState().setMiniAppId('mini-1');
    expect(localStorage.getItem('ELIFE_MINI_APP_ID')).toBe('mini-1');
    expect(useGlobalStore.getState().miniAppId).toBe('mini-1');
    useGlobalStore.getState().setMiniAppId(null);
    expect(localStorage.getItem('ELIFE_MINI_APP_ID')).toBeNull();
  });

  it('keeps the app version in local storage', () => {
    storeAppVersion(2);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('2');
    expect(storedAppVersion()).toBe('2');
  });

  it('holds address, game info, open id, isApp, link alert, other-link URL and map key', () => {
    const s = useGlobalStore.getState();
    s.setAddress({ addNo: '1' });
    s.setGameInfo({ kind: 'wheel' });
    s.setOpenId('oid');
    s.setIsApp('2');
    s.setLinkAlert(true);
    s.setOtherLinkUrl('https://x.example');
    s.setMapKey('k');
    expect(useGlobalStore.getState()).toMatchObject({
      address: { addNo: '1' },
      gameInfo: { kind: 'wheel' },
      openId: 'oid',
      isApp: '2',
      linkAlert: true,
      otherLinkUrl: 'https://x.example',
      mapKey: 'k',
    });
  });
});
