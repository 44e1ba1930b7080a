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

/**
 * The difference's interval (± `critical` standard errors) and two-sided p-value, from its distribution's lower
 * tail (the normal for proportions, Student's t for means).
 */
export function withInterval(
  estimate: number,
  standardError: number,
  critical: number,
  lowerTail: (x: number) => number,
): Difference {
  const statistic = estimate / standardError;
  return {
    estimate,
    standardError,
    low: estimate - critical * standardError,
    high: estimate + critical * standardError,
    statistic,
    pValue: 2 * lowerTail(-Math.abs(statistic)),
  };
}
