import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { StoreDetail } from '../model/store-view';

export interface TileSource {
  tileUrl: string;
  subdomains: string;
  attribution: string;
  coord: 'gcj02' | 'wgs84';
}

/**
 * The real map (only on /lottStore/mapNavigation, loaded by a dynamic import so Leaflet is in no other
 * chunk). Points are placed in the tiles' own system: Chinese providers draw GCJ-02, OSM-style WGS-84.
 */
export function LeafletMap({ store, tiles }: { store: StoreDetail; tiles: TileSource }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const at = (p: readonly [number, number]) => L.latLng(p[1], p[0]);
    const pick = (d: { coords: StoreDetail['coords'] } | { lng: number; lat: number }) =>
      'coords' in d ? (tiles.coord === 'wgs84' ? d.coords.wgs84 : d.coords.gcj02) : ([d.lng, d.lat] as const);
    const map = L.map(box.current, { zoomControl: false, attributionControl: true }).setView(at(pick(store)), 15);
    L.tileLayer(tiles.tileUrl, {
      ...(tiles.subdomains ? { subdomains: tiles.subdomains } : {}),
      attribution: tiles.attribution,
      maxZoom: 18,
    }).addTo(map);
    const pin = (cls: string) => L.divIcon({ className: cls, iconSize: [28, 36], iconAnchor: [14, 34] });
    L.marker(at(pick(store)), { icon: pin('store-pin is-main'), title: store.name }).addTo(map);
    for (const n of store.nearby) {
      // Nearby stores come in GCJ-02 only: close enough to the store to shift by the same offset.
      const dx = store.coords.wgs84[0] - store.coords.gcj02[0];
      const dy = store.coords.wgs84[1] - store.coords.gcj02[1];
      const p = tiles.coord === 'wgs84' ? ([n.lng + dx, n.lat + dy] as const) : ([n.lng, n.lat] as const);
      L.marker(at(p), { icon: pin('store-pin'), title: n.name }).addTo(map);
    }
    return () => {
      map.remove();
    };
  }, [store, tiles]);
  return <div ref={box} className="store-map" data-testid="store-map" />;
}
