import { describe, expect, it } from 'vitest';
import { createDeviceIdStore, DEVICE_ID_KEY, randomDeviceId } from './device-id';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the device id kept for risk checks', () => {
  it('is made once from crypto random bytes and kept', () => {
    const storage = memoryStorage();
    let made = 0;
    const ids = createDeviceIdStore(
      () => storage,
      () => `${++made}`.padStart(32, '0'),
    );
    const first = ids.get();
    expect(ids.get()).toBe(first);
    expect(made).toBe(1);
    expect(storage.items.get(DEVICE_ID_KEY)).toBe(first);
    expect(randomDeviceId((b) => b.fill(0xab))).toBe('ab'.repeat(16));
  });

  it('is forgotten when the customer declines, and works without storage', () => {
    const storage = memoryStorage();
    const ids = createDeviceIdStore(() => storage);
    ids.get();
    ids.forget();
    expect(storage.items.size).toBe(0);
    const none = createDeviceIdStore(() => null);
    expect(none.get()).toMatch(/^[0-9a-f]{32}$/);
    expect(none.get()).toBe(none.get());
  });
});
