import type { StoresDeps } from './deps';

/** The map tiles the H5 draws stores on, with the key filled in (none configured: no map). */
export function mapKey(deps: StoresDeps) {
  const m = deps.config.map;
  if (!m) return { provider: null, tileUrl: null, subdomains: '', attribution: '', coord: 'gcj02' as const };
  return {
    provider: m.provider,
    tileUrl: m.key ? m.tileUrl.replaceAll('{key}', encodeURIComponent(m.key)) : m.tileUrl,
    subdomains: m.subdomains,
    attribution: m.attribution,
    coord: m.coord,
  };
}
