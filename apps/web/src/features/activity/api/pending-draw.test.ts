import { describe, expect, it } from 'vitest';
import { createPendingDraws, PENDING_DRAW_MAX_AGE_MS, PENDING_DRAW_PREFIX, type PendingDraw } from './pending-draw';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const entry = (over: Partial<PendingDraw> = {}): PendingDraw => ({
  actId: 'wheel',
  key: 'key-0001',
  rocc: false,
  owner: 'demo:u1',
  at: 1_000,
  ...over,
});

describe('pending draws (the unseen result survives a reload)', () => {
  it('keeps one entry per activity until dropped', () => {
    const storage = memoryStorage();
    const now = 2_000;
    const pending = createPendingDraws(
      () => storage,
      () => now,
    );
    pending.put(entry());
    pending.put(entry({ actId: 'grid', key: 'key-0002' }));
    expect(pending.get('wheel')).toEqual(entry());
    expect(pending.get('grid')?.key).toBe('key-0002');
    pending.drop('wheel');
    expect(pending.get('wheel')).toBeNull();
    expect(pending.get('grid')).not.toBeNull();
  });

  it('drops by key only when the key still matches (a newer tap is never forgotten)', () => {
    const storage = memoryStorage();
    const pending = createPendingDraws(
      () => storage,
      () => 2_000,
    );
    pending.put(entry({ key: 'key-newer' }));
    pending.drop('wheel', 'key-0001');
    expect(pending.get('wheel')?.key).toBe('key-newer');
    pending.drop('wheel', 'key-newer');
    expect(pending.get('wheel')).toBeNull();
  });

  it('ignores and removes stale, malformed or mismatched entries', () => {
    const storage = memoryStorage();
    let now = 1_000;
    const pending = createPendingDraws(
      () => storage,
      () => now,
    );
    pending.put(entry());
    now = 1_000 + PENDING_DRAW_MAX_AGE_MS;
    expect(pending.get('wheel')).toBeNull();
    expect(storage.map.size).toBe(0);

    storage.setItem(`${PENDING_DRAW_PREFIX}wheel`, '{not json');
    expect(pending.get('wheel')).toBeNull();
    storage.setItem(`${PENDING_DRAW_PREFIX}wheel`, JSON.stringify({ ...entry({ at: now }), key: '' }));
    expect(pending.get('wheel')).toBeNull();
    // An entry filed under another activity's slot is not that activity's draw.
    storage.setItem(`${PENDING_DRAW_PREFIX}wheel`, JSON.stringify(entry({ actId: 'grid', at: now })));
    expect(pending.get('wheel')).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('degrades to "nothing kept" when storage is missing or throws', () => {
    const none = createPendingDraws(
      () => null,
      () => 0,
    );
    none.put(entry());
    expect(none.get('wheel')).toBeNull();
    const throwing = createPendingDraws(
      () => ({
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('quota');
        },
        removeItem: () => {
          throw new Error('denied');
        },
      }),
      () => 0,
    );
    expect(() => throwing.put(entry())).not.toThrow();
    expect(throwing.get('wheel')).toBeNull();
    expect(() => throwing.drop('wheel')).not.toThrow();
  });
});
