import type { RouteData } from '@campaign/contract/client';

export type StoreDetail = RouteData<'storeListDetail'>;
export type Store = RouteData<'storeList'>['list'][number];
export type LngLat = readonly [number, number];

/** The map apps a Chinese phone has, and the coordinate system each one's link takes. */
export const MAP_APPS = ['amap', 'baidu', 'tencent', 'apple'] as const;
export type MapApp = (typeof MAP_APPS)[number];

export interface NavTarget {
  name: string;
  address: string;
  coords: { gcj02: LngLat; wgs84: LngLat; bd09: LngLat };
}

const SOURCE = 'campaign-h5';

/**
 * Plain web links that open the app when installed (its web page otherwise). Amap, Tencent and Apple Maps
 * (whose map data in mainland China is Amap's) take GCJ-02; Baidu takes BD-09 (docs/decisions/0300).
 */
export function mapLink(app: MapApp, t: NavTarget): string {
  const name = encodeURIComponent(t.name);
  const [gLng, gLat] = t.coords.gcj02;
  switch (app) {
    case 'amap':
      return `https://uri.amap.com/navigation?to=${gLng},${gLat},${name}&mode=car&coordinate=gaode&callnative=1&src=${SOURCE}`;
    case 'baidu': {
      const [bLng, bLat] = t.coords.bd09;
      return `https://api.map.baidu.com/direction?destination=latlng:${bLat},${bLng}|name:${name}&coord_type=bd09ll&mode=driving&region=${encodeURIComponent(t.address)}&output=html&src=${SOURCE}`;
    }
    case 'tencent':
      return `https://apis.map.qq.com/uri/v1/routeplan?type=drive&to=${name}&tocoord=${gLat},${gLng}&referer=${SOURCE}`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${gLat},${gLng}&q=${name}&dirflg=d`;
  }
}

/** What the host app's openMapNavigation command gets: every system, so the host converts nothing. */
export function bridgeTarget(app: MapApp, t: NavTarget): Record<string, unknown> {
  return { app, name: t.name, address: t.address, gcj02: t.coords.gcj02, bd09: t.coords.bd09, wgs84: t.coords.wgs84 };
}

/** "350 m", "1.2 km", "12 km". */
export function formatDistance(m: number | null): string | null {
  if (m === null) return null;
  if (m < 1000) return `${Math.max(10, Math.round(m / 10) * 10)} m`;
  if (m < 10_000) return `${(m / 1000).toFixed(1)} km`;
  return `${Math.round(m / 1000)} km`;
}

const DAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayKey = (typeof DAY_KEYS)[number];

/** Consecutive days as ranges: [1,2,3,4,5] → [[1,5]], [6,7] → [[6,7]], [1,3] → [[1,1],[3,3]]. */
export function dayRanges(days: readonly number[]): [DayKey, DayKey][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const out: [DayKey, DayKey][] = [];
  let start = sorted[0];
  for (let i = 0; i < sorted.length; i++) {
    const d = sorted[i] as number;
    const next = sorted[i + 1];
    if (next !== d + 1) {
      out.push([DAY_KEYS[(start as number) - 1] as DayKey, DAY_KEYS[d - 1] as DayKey]);
      start = next;
    }
  }
  return out;
}

/** Case- and width-insensitive match on name and address. */
export function matchesSearch(s: Pick<Store, 'name' | 'address'>, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return `${s.name} ${s.address}`.toLowerCase().includes(needle);
}

export interface SchematicPoint {
  storeId: string;
  name: string;
  x: number;
  y: number;
  distanceM: number;
}

/**
 * Relative positions of nearby stores around the centre store, for the offline map schematic: an
 * equirectangular projection (fine at city scale) scaled so the farthest fits in `radius`.
 */
export function schematic(
  centre: { lng: number; lat: number },
  others: readonly Pick<Store, 'storeId' | 'name' | 'lng' | 'lat'>[],
  radius: number,
): { points: SchematicPoint[]; scaleM: number } {
  const kx = 111_320 * Math.cos((centre.lat * Math.PI) / 180);
  const ky = 110_574;
  const raw = others.map((o) => {
    const dx = (o.lng - centre.lng) * kx;
    const dy = (o.lat - centre.lat) * ky;
    return { o, dx, dy, d: Math.hypot(dx, dy) };
  });
  const far = Math.max(500, ...raw.map((r) => r.d));
  const k = radius / far;
  return {
    scaleM: far,
    points: raw.map(({ o, dx, dy, d }) => ({
      storeId: o.storeId,
      name: o.name,
      x: dx * k,
      y: -dy * k,
      distanceM: Math.round(d),
    })),
  };
}
