import type { RouteData } from '@campaign/contract/client';

export type RegionTree = RouteData<'regionList'>;

/** The host app's default address (bridge `getDefaultAddress`, spec §3), as far as the page can trust it. */
export interface NativeAddress {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  /** GB/T 2260 codes when the host sends them; otherwise found by name in the region tree. */
  provinceCode?: string;
  cityCode?: string;
  districtCode?: string;
}

function text(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field: unknown = Reflect.get(value, key);
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : undefined;
}

/**
 * Reads the host's answer: hosts differ in wrapping (`{ data: {...} }`) and in naming (`provinceName`
 * or `province`). Anything without a name, a mobile and a street is no address (null).
 */
export function parseNativeAddress(answer: unknown): NativeAddress | null {
  const inner: unknown =
    typeof answer === 'object' && answer !== null && typeof Reflect.get(answer, 'data') === 'object'
      ? Reflect.get(answer, 'data')
      : answer;
  const name = text(inner, 'name');
  const mobile = text(inner, 'mobile');
  const detail = text(inner, 'detail');
  if (!name || !mobile || !detail) return null;
  const address: NativeAddress = {
    name,
    mobile,
    detail,
    province: text(inner, 'provinceName') ?? text(inner, 'province') ?? '',
    city: text(inner, 'cityName') ?? text(inner, 'city') ?? '',
    district: text(inner, 'districtName') ?? text(inner, 'district') ?? '',
  };
  for (const key of ['provinceCode', 'cityCode', 'districtCode'] as const) {
    const code = text(inner, key);
    if (code && /^\d{6}$/.test(code)) address[key] = code;
  }
  return address;
}

export interface RegionChoice {
  codes: [string, string, string];
  names: [string, string, string];
}

/**
 * Province → city → district of a native address in the tree: by code when the host sent codes that
 * belong together, else by name. Null when it cannot be placed (the customer then picks by hand).
 */
export function placeInTree(tree: RegionTree, address: NativeAddress): RegionChoice | null {
  const pick = <T extends { code: string; name: string }>(list: readonly T[], code?: string, name?: string) =>
    (code ? list.find((x) => x.code === code) : undefined) ?? (name ? list.find((x) => x.name === name) : undefined);
  const province = pick(tree.provinces, address.provinceCode, address.province);
  const city = province && pick(province.children, address.cityCode, address.city);
  const district = city && pick(city.children, address.districtCode, address.district);
  if (!province || !city || !district) return null;
  return { codes: [province.code, city.code, district.code], names: [province.name, city.name, district.name] };
}
