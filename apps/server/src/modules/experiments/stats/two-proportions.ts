import { type Difference, noSpread, withInterval } from './difference';
import { normalCdf, normalQuantile } from './distributions';

/** One arm of a conversion metric: customers and how many of them converted. */
export interface Proportion {
  n: number;
  conversions: number;
}

/**
 * Difference of two conversion rates (treatment − control), Wald: the unpooled standard error drives both the
 * interval and the z statistic, so the verdict the interval shows and the p-value never disagree.
 */
export function diffProportions(control: Proportion, treatment: Proportion, alpha = 0.05): Difference {
  if (control.n < 1 || treatment.n < 1) throw new Error('each arm needs at least one customer');
  const p1 = control.conversions / control.n;
  const p2 = treatment.conversions / treatment.n;
  const estimate = p2 - p1;
  const standardError = Math.sqrt((p1 * (1 - p1)) / control.n + (p2 * (1 - p2)) / treatment.n);
  if (standardError === 0) return noSpread(estimate);
  return withInterval(estimate, standardError, normalQuantile(1 - alpha / 2), normalCdf);
}
