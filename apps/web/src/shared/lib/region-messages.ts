/**
 * The administrative placeholders GB/T 2260 puts under a municipality (region-text.ts leaves them out):
 * region data, matched by name, never shown.
 */
export const REGION_PLACEHOLDERS: ReadonlySet<string> = new Set([
  '市辖区',
  '县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
]);
