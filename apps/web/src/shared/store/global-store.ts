import { create } from 'zustand';

/** spec §3, §9: miniAppId is persisted locally under this key. */
export const MINI_APP_ID_KEY = 'ELIFE_MINI_APP_ID';
/** spec §3: local storage also holds the app version (docs/decisions/0102-app-version-and-open-id.md). */
export const APP_VERSION_KEY = 'ELIFE_APP_VERSION';
/** The resolved open id survives reloads within the tab (a chat-platform code can be exchanged once only). */
export const OPEN_ID_KEY = 'ELIFE_OPEN_ID';

function storageGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function storageSet(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null || value === '') storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Private mode / storage disabled: the value lives in memory for this page only.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** The chosen delivery address; its fields are defined by the address issue. */
export type Address = Readonly<Record<string, unknown>>;
export type GameInfo = Readonly<Record<string, unknown>>;

export interface GlobalState {
  address: Address | null;
  gameInfo: GameInfo | null;
  openId: string;
  isApp: string | null;
  miniAppId: string | null;
  linkAlert: boolean;
  otherLinkUrl: string;
  mapKey: string;
  setAddress(address: Address | null): void;
  setGameInfo(info: GameInfo | null): void;
  setOpenId(openId: string): void;
  setIsApp(isApp: string | null): void;
  setMiniAppId(miniAppId: string | null): void;
  setLinkAlert(on: boolean): void;
  setOtherLinkUrl(url: string): void;
  setMapKey(key: string): void;
}

/** The one small global store (spec §3 "Global state"). */
export const useGlobalStore = create<GlobalState>()((set) => ({
  address: null,
  gameInfo: null,
  openId: storageGet(session, OPEN_ID_KEY) ?? '',
  isApp: null,
  miniAppId: storageGet(local, MINI_APP_ID_KEY),
  linkAlert: false,
  otherLinkUrl: '',
  mapKey: '',
  setAddress: (address) => set({ address }),
  setGameInfo: (gameInfo) => set({ gameInfo }),
  setOpenId: (openId) => {
    storageSet(session, OPEN_ID_KEY, openId);
    set({ openId });
  },
  setIsApp: (isApp) => set({ isApp }),
  setMiniAppId: (miniAppId) => {
    storageSet(local, MINI_APP_ID_KEY, miniAppId);
    set({ miniAppId });
  },
  setLinkAlert: (linkAlert) => set({ linkAlert }),
  setOtherLinkUrl: (otherLinkUrl) => set({ otherLinkUrl }),
  setMapKey: (mapKey) => set({ mapKey }),
}));

export function storedAppVersion(): string | null {
  return storageGet(local, APP_VERSION_KEY);
}

export function storeAppVersion(version: string | number): void {
  storageSet(local, APP_VERSION_KEY, String(version));
}
