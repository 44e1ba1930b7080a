/** A treatment − control difference with its two-sided confidence interval and p-value. */
export interface Difference {
  estimate: number;
  standardError: number;
  low: number;
  high: number;
  /** z (proportions) or Welch's t (means). */
  statistic: number;
  pValue: number;
}

/** The degenerate case: no spread at all, so the difference is certain (p 0) or nothing (p 1). */
export function noSpread(estimate: number): Difference {
  return { estimate, standardError: 0, low: estimate, high: estimate, statistic: 0, pValue: estimate === 0 ? 1 : 0 };
}
