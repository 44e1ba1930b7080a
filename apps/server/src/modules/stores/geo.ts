import gcoord from 'gcoord';

// Coordinates are stored in GCJ-02 (the system Chinese map providers and the phones' map apps use); the
// maintained `gcoord` package converts where a provider or the device needs another (0300-stores-and-maps).

export type LngLat = [number, number];

const round = (p: LngLat): LngLat => [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];

export function gcj02ToWgs84(p: LngLat): LngLat {
  return round(gcoord.transform(p, gcoord.GCJ02, gcoord.WGS84) as LngLat);
}
export function gcj02ToBd09(p: LngLat): LngLat {
  return round(gcoord.transform(p, gcoord.GCJ02, gcoord.BD09) as LngLat);
}
export function wgs84ToGcj02(p: LngLat): LngLat {
  return round(gcoord.transform(p, gcoord.WGS84, gcoord.GCJ02) as LngLat);
}

/** Great-circle distance in metres (haversine; both points in the same system). */
export function distanceM(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Where the customer is, as GCJ-02 (the browser reports WGS-84, the host app GCJ-02), or null. */
export function customerPoint(q: { lng?: number | undefined; lat?: number | undefined; coord: 'wgs84' | 'gcj02' }) {
  if (q.lng === undefined || q.lat === undefined) return null;
  const p: LngLat = [q.lng, q.lat];
  return q.coord === 'wgs84' ? wgs84ToGcj02(p) : p;
}
