import { chinaWeekMinute } from '@campaign/contract/china-time';
import { describe, expect, it } from 'vitest';
import { customerPoint, distanceM, gcj02ToBd09, gcj02ToWgs84, wgs84ToGcj02 } from './geo';
import { isOpen, parseHours, todayHours } from './hours';

// Known points: the reference values published with the widely used coordtransform formulas for
// (116.404, 39.915), central Beijing; gcoord must agree with them.
describe('coordinate systems (gcoord)', () => {
  it('WGS-84 → GCJ-02 and GCJ-02 → BD-09 match the published values', () => {
    const g = wgs84ToGcj02([116.404, 39.915]);
    expect(g[0]).toBeCloseTo(116.41024449916938, 5);
    expect(g[1]).toBeCloseTo(39.91640428150164, 5);
    const b = gcj02ToBd09([116.404, 39.915]);
    expect(b[0]).toBeCloseTo(116.41036949371029, 5);
    expect(b[1]).toBeCloseTo(39.92133699351021, 5);
  });

  it('GCJ-02 → WGS-84 matches within a few metres and round-trips', () => {
    const w = gcj02ToWgs84([116.404, 39.915]);
    expect(distanceM(w, [116.39775550083061, 39.91359571849836])).toBeLessThan(3);
    expect(distanceM(wgs84ToGcj02(w), [116.404, 39.915])).toBeLessThan(1);
  });

  it('the offset is hundreds of metres (what a map would get wrong without converting)', () => {
    expect(distanceM(gcj02ToWgs84([121.504957, 31.239747]), [121.504957, 31.239747])).toBeGreaterThan(300);
  });

  it('distance: Shanghai People’s Square to Lujiazui is about 3 km; Beijing–Shanghai about 1,070 km', () => {
    expect(distanceM([121.473701, 31.233511], [121.504957, 31.239747])).toBeGreaterThan(2900);
    expect(distanceM([121.473701, 31.233511], [121.504957, 31.239747])).toBeLessThan(3200);
    expect(Math.round(distanceM([116.404, 39.915], [121.4737, 31.2304]) / 10_000)).toBe(107);
  });

  it('a browser location (WGS-84) is converted; a host location (GCJ-02) is taken as is; none is null', () => {
    expect(customerPoint({ coord: 'wgs84' })).toBeNull();
    expect(customerPoint({ lng: 116.404, lat: 39.915, coord: 'gcj02' })).toEqual([116.404, 39.915]);
    expect(customerPoint({ lng: 116.404, lat: 39.915, coord: 'wgs84' })?.[0]).toBeCloseTo(116.41024, 4);
  });
});

describe('opening hours in Asia/Shanghai', () => {
  // 2026-11-23 is a Monday; 01:30 UTC is 09:30 in Shanghai.
  const monday0930 = Date.UTC(2026, 10, 23, 1, 30);
  const hour = 3_600_000;

  it('parses daily spans, day ranges and lists', () => {
    expect(parseHours('09:00-21:00')).toEqual([{ days: [1, 2, 3, 4, 5, 6, 7], open: '09:00', close: '21:00' }]);
    expect(parseHours('Mon-Fri 09:00-17:30; Sat,Sun 10:00-16:00')).toEqual([
      { days: [1, 2, 3, 4, 5], open: '09:00', close: '17:30' },
      { days: [6, 7], open: '10:00', close: '16:00' },
    ]);
    expect(parseHours('Fri-Mon 20:00-02:00')[0]?.days).toEqual([1, 5, 6, 7]);
  });

  it('refuses what it cannot read, saying why', () => {
    expect(() => parseHours('')).toThrow(/empty/);
    expect(() => parseHours('9-17')).toThrow(/HH:MM/);
    expect(() => parseHours('Moonday 09:00-17:00')).toThrow(/days/);
    expect(() => parseHours('25:00-26:00')).toThrow(/invalid time/);
  });

  it('knows the Shanghai day and minute whatever the server’s zone', () => {
    expect(chinaWeekMinute(monday0930)).toEqual({ day: 1, minute: 570 });
    expect(chinaWeekMinute(Date.UTC(2026, 10, 22, 16, 30))).toEqual({ day: 1, minute: 30 }); // Sunday 16:30 UTC
  });

  it('open now, closed, today’s span; past-midnight spans; all day', () => {
    const weekdays = parseHours('Mon-Fri 09:00-17:00');
    expect(isOpen(weekdays, monday0930)).toBe(true);
    expect(isOpen(weekdays, monday0930 - hour)).toBe(false); // 08:30
    expect(isOpen(weekdays, monday0930 + 8 * hour)).toBe(false); // 17:30
    expect(todayHours(weekdays, monday0930 - 2 * 86_400_000)).toBeNull(); // Saturday
    const night = parseHours('Fri 20:00-02:00');
    const friday2300 = Date.UTC(2026, 10, 27, 15, 0);
    expect(isOpen(night, friday2300)).toBe(true);
    expect(isOpen(night, friday2300 + 2 * hour)).toBe(true); // Saturday 01:00
    expect(isOpen(night, friday2300 + 4 * hour)).toBe(false);
    expect(isOpen(parseHours('00:00-24:00'), monday0930 + 15 * hour)).toBe(true);
  });
});
