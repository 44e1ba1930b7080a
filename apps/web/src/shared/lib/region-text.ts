import { REGION_PLACEHOLDERS as PLACEHOLDERS } from './region-messages';

/**
 * Province, city and district as a post office or a bank prints them (issue 21 §4): the administrative
 * placeholders 市辖区 / 县 / 省直辖县级行政区划 that GB/T 2260 puts under a municipality are left out
 * (北京市 市辖区 东城区 → 北京市 东城区), and a city repeating its province (上海市 上海市) is shown once.
 */

export function regionText(province: string, city: string, district: string): string {
  const parts: string[] = [];
  for (const name of [province, city, district]) {
    const n = name.trim();
    if (!n || PLACEHOLDERS.has(n) || parts.at(-1) === n) continue;
    parts.push(n);
  }
  return parts.join(' ');
}
