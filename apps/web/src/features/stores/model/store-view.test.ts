import { describe, expect, it } from 'vitest';
import { dayRanges, formatDistance, mapLink, matchesSearch, type NavTarget, schematic } from './store-view';

const LUJIAZUI: NavTarget = {
  name: '陆家嘴支行',
  address: '上海市浦东新区陆家嘴环路 958 号',
  coords: { gcj02: [121.504957, 31.239747], wgs84: [121.500446, 31.241755], bd09: [121.511472, 31.245589] },
};

describe('map links', () => {
  it('gives each map app the point in its own system', () => {
    expect(mapLink('amap', LUJIAZUI)).toContain('to=121.504957,31.239747,%E9%99%86');
    expect(mapLink('amap', LUJIAZUI)).toContain('coordinate=gaode');
    expect(mapLink('baidu', LUJIAZUI)).toContain('destination=latlng:31.245589,121.511472|name:');
    expect(mapLink('baidu', LUJIAZUI)).toContain('coord_type=bd09ll');
    expect(mapLink('tencent', LUJIAZUI)).toContain('tocoord=31.239747,121.504957');
    expect(mapLink('apple', LUJIAZUI)).toMatch(/^https:\/\/maps\.apple\.com\/\?daddr=31\.239747,121\.504957&/);
  });
});

describe('store view', () => {
  it('formats distances', () => {
    expect(formatDistance(null)).toBeNull();
    expect(formatDistance(4)).toBe('10 m');
    expect(formatDistance(347)).toBe('350 m');
    expect(formatDistance(1432)).toBe('1.4 km');
    expect(formatDistance(12_600)).toBe('13 km');
  });

  it('groups consecutive days', () => {
    expect(dayRanges([1, 2, 3, 4, 5])).toEqual([['mon', 'fri']]);
    expect(dayRanges([6, 7])).toEqual([['sat', 'sun']]);
    expect(dayRanges([1, 3, 4])).toEqual([
      ['mon', 'mon'],
      ['wed', 'thu'],
    ]);
  });

  it('searches name and address, ignoring case', () => {
    expect(matchesSearch({ name: '西单支行', address: '北京市西城区' }, '西城')).toBe(true);
    expect(matchesSearch({ name: 'ABC Mall', address: '' }, 'abc')).toBe(true);
    expect(matchesSearch({ name: '西单支行', address: '北京市西城区' }, '上海')).toBe(false);
  });

  it('places nearby stores around the centre: east is right, north is up, the farthest on the ring', () => {
    const { points, scaleM } = schematic(
      { lng: 121.5, lat: 31.2 },
      [
        { storeId: 'e', name: 'E', lng: 121.52, lat: 31.2 },
        { storeId: 'n', name: 'N', lng: 121.5, lat: 31.21 },
      ],
      100,
    );
    const e = points.find((p) => p.storeId === 'e');
    const n = points.find((p) => p.storeId === 'n');
    expect(e?.x).toBeCloseTo(100, 5);
    expect(Math.abs(e?.y ?? 1)).toBeLessThan(1e-9);
    expect(n?.y).toBeLessThan(0);
    expect(scaleM).toBeGreaterThan(1800);
    expect(scaleM).toBeLessThan(2000);
  });
});
