import { describe, expect, it } from 'vitest';
import {
  campaignDay,
  chinaDayStart,
  chinaIsoWithOffset,
  chinaMinute,
  chinaTime,
  chinaWeekMinute,
  fromChinaWall,
} from './china-time';

// 2026-11-30T16:30:00Z is 2026-12-01 00:30 in China, a Tuesday.
const T = Date.UTC(2026, 10, 30, 16, 30, 0);

describe('china time', () => {
  it('puts an instant on its China day, not the UTC one', () => {
    expect(campaignDay(T)).toBe('2026-12-01');
    expect(campaignDay(T - 31 * 60_000)).toBe('2026-11-30');
    expect(chinaDayStart(T)).toBe(Date.UTC(2026, 10, 30, 16, 0, 0));
  });
  it('formats for staff, to the minute and with the offset', () => {
    expect(chinaTime(T)).toBe('2026-12-01 00:30:00');
    expect(chinaTime(String(T + 61_000))).toBe('2026-12-01 00:31:01');
    expect(chinaTime(null)).toBe('');
    expect(chinaMinute(T)).toBe('2026-12-01 00:30');
    expect(chinaIsoWithOffset(T)).toBe('2026-12-01T00:30:00+08:00');
  });
  it('reads China wall time back, and refuses what is not one', () => {
    expect(fromChinaWall('2026-12-01T00:30')).toBe(T);
    expect(fromChinaWall('2026-12-01 00:30:00')).toBe(T);
    expect(fromChinaWall('2026-12-01')).toBe(T - 30 * 60_000);
    expect(fromChinaWall('12/01/2026')).toBeNaN();
    expect(fromChinaWall('')).toBeNaN();
  });
  it('gives the China weekday and minute of day', () => {
    expect(chinaWeekMinute(T)).toEqual({ day: 2, minute: 30 });
  });
});
