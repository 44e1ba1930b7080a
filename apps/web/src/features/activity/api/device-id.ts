/**
 * The device id a draw carries for marketing risk checks, only after the customer agreed
 * (docs/decisions/0392-device-id-consent.md). The host apps' bridge has no device-id command
 * (docs/decisions/0105-bridge-protocol.md), so it is a random id made once on this device and kept in
 * localStorage: it says nothing about the phone and is gone with the browser's data.
 */
export const DEVICE_ID_KEY = 'campaign.riskDeviceId';

export interface DeviceIdStore {
  /** The kept id, made on first use. */
  get(): string;
  /** The customer declined: nothing is kept. */
  forget(): void;
}

/** 16 random bytes as 32 hex characters (the draw accepts up to 64). */
export function randomDeviceId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const VALID = /^[0-9a-f]{32}$/;

type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createDeviceIdStore(storageOf: () => KeptStorage | null, make = randomDeviceId): DeviceIdStore {
  // Without storage (a private window that refuses it) the id lives as long as the page.
  let memory: string | null = null;
  const read = (): string | null => {
    try {
      return storageOf()?.getItem(DEVICE_ID_KEY) ?? null;
    } catch {
      return null;
    }
  };
  return {
    get() {
      const kept = read() ?? memory;
      if (kept && VALID.test(kept)) return kept;
      const made = make();
      memory = made;
      try {
        storageOf()?.setItem(DEVICE_ID_KEY, made);
      } catch {
        // Kept in memory only.
      }
      return made;
    },
    forget() {
      memory = null;
      try {
        storageOf()?.removeItem(DEVICE_ID_KEY);
      } catch {
        // Nothing was kept.
      }
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const browserDeviceIds: DeviceIdStore = createDeviceIdStore(browserStorage);
