import { type Difference, noSpread, withInterval } from './difference';
import { tCdf, tQuantile } from './distributions';
import type { Summary } from './moments';

/** Welch–Satterthwaite degrees of freedom for two arms' variances of the mean. */
export function welchDf(a: Summary, b: Summary): number {
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  return (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
}

/**
 * Difference of two means (treatment − control), e.g. cost per participant: Welch's t, which does not assume the
 * arms share a variance (a richer prize table spreads cost more).
 */
export function diffMeans(control: Summary, treatment: Summary, alpha = 0.05): Difference {
  if (control.n < 2 || treatment.n < 2) throw new Error('each arm needs at least two customers');
  const estimate = treatment.mean - control.mean;
  const standardError = Math.sqrt(control.variance / control.n + treatment.variance / treatment.n);
  if (standardError === 0) return noSpread(estimate);
  const df = welchDf(control, treatment);
  return withInterval(estimate, standardError, tQuantile(1 - alpha / 2, df), (x) => tCdf(x, df));
}
