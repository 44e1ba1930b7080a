import { describe, expect, it } from 'vitest';
import { campaignDay, chinaTime } from './china-time';

describe('China time', () => {
  it('reads an instant as UTC+8, across the day line and in any order', () => {
    expect(chinaTime(Date.UTC(2026, 10, 22, 2, 0, 0))).toBe('2026-11-22 10:00:00');
    expect(chinaTime(Date.UTC(2026, 10, 22, 15, 59, 59, 999))).toBe('2026-11-22 23:59:59');
    expect(chinaTime(Date.UTC(2026, 10, 22, 16, 0, 0))).toBe('2026-11-23 00:00:00');
    // Back to an earlier day after a later one: the remembered day is not reused.
    expect(chinaTime(Date.UTC(2026, 0, 1, 0, 0, 5))).toBe('2026-01-01 08:00:05');
    expect(chinaTime(String(Date.UTC(2024, 1, 28, 16, 30, 0)))).toBe('2024-02-29 00:30:00');
    expect(chinaTime(null)).toBe('');
    expect(chinaTime(undefined)).toBe('');
    expect(campaignDay(Date.UTC(2026, 10, 22, 16, 0, 0))).toBe('2026-11-23');
  });

  it('agrees with the Date formatting for every second of a sample', () => {
    const iso = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    let ms = Date.UTC(2025, 11, 31, 12, 0, 0);
    for (let i = 0; i < 5_000; i++) {
      ms += 7_919 * 1000 + (i % 997);
      expect(chinaTime(ms)).toBe(iso(ms));
    }
  });
});
