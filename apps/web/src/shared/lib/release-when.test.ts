import { describe, expect, it } from 'vitest';
import { releaseWhen } from './release-when';

// 2026-11-22 10:00 in China.
const T0 = Date.UTC(2026, 10, 22, 2, 0, 0);
const HOUR = 3_600_000;

describe('releaseWhen', () => {
  it('names the next release as today, tomorrow or a date, in China time', () => {
    expect(releaseWhen(T0 + 4 * HOUR, T0)).toEqual({ when: '今天14:00', sameDay: true });
    expect(releaseWhen(T0 + 24 * HOUR, T0)).toEqual({ when: '明天10:00', sameDay: false });
    expect(releaseWhen(T0 + 72 * HOUR, T0)).toEqual({ when: '11月25日10:00', sameDay: false });
    // 23:30 China time: 01:30 is tomorrow, though the UTC date is the same.
    expect(releaseWhen(T0 + 15.5 * HOUR, T0 + 13.5 * HOUR).when).toBe('明天01:30');
  });
});
