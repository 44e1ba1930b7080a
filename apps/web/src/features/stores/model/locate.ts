import { settledBridge } from '#web/bridge/bridge';

export interface Located {
  lng: number;
  lat: number;
  /** The browser reports WGS-84; the host app GCJ-02. */
  coord: 'wgs84' | 'gcj02';
}

function fromHost(answer: unknown): Located | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const lng: unknown = Reflect.get(answer, 'lng');
  const lat: unknown = Reflect.get(answer, 'lat');
  const coord: unknown = Reflect.get(answer, 'coord');
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  return { lng, lat, coord: coord === 'wgs84' ? 'wgs84' : 'gcj02' };
}

function fromBrowser(): Promise<Located | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lng: p.coords.longitude, lat: p.coords.latitude, coord: 'wgs84' }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  });
}

/**
 * Where the customer is, asked only when they tap "use my location": inside the host app through the
 * bridge (its own permission prompt), else the browser's geolocation. null: refused or unavailable.
 */
export async function locate(): Promise<Located | null> {
  const bridge = await settledBridge();
  if (bridge.host.embedded) {
    try {
      const host = fromHost(await bridge.location());
      if (host) return host;
    } catch {
      // An older host without the command: the browser may still know.
    }
  }
  return fromBrowser();
}
