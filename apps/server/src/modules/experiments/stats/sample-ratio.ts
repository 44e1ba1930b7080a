import { chiSquareCdf } from './distributions';

/** The alarm level: a p-value this small means the split is not the published one (Statsig, issue 38). */
export const SRM_THRESHOLD = 0.001;

export interface SampleRatio {
  chiSquare: number;
  df: number;
  pValue: number;
  mismatch: boolean;
}

/**
 * Sample-ratio mismatch: Pearson's chi-square goodness of fit of the customers seen per arm against the published
 * shares (any unit: basis points, percent). An arm with no share but customers in it is a mismatch outright.
 */
export function sampleRatioCheck(
  observed: readonly number[],
  shares: readonly number[],
  threshold = SRM_THRESHOLD,
): SampleRatio {
  if (observed.length !== shares.length || observed.length < 2) throw new Error('one share per arm, two arms or more');
  const total = observed.reduce((a, b) => a + b, 0);
  const shareTotal = shares.reduce((a, b) => a + b, 0);
  let chiSquare = 0;
  let arms = 0;
  for (let i = 0; i < observed.length; i++) {
    const expected = (total * (shares[i] ?? 0)) / shareTotal;
    const seen = observed[i] ?? 0;
    if (expected === 0) {
      if (seen > 0) return { chiSquare: Number.POSITIVE_INFINITY, df: 0, pValue: 0, mismatch: true };
      continue;
    }
    chiSquare += (seen - expected) ** 2 / expected;
    arms++;
  }
  const df = arms - 1;
  const pValue = total === 0 || df < 1 ? 1 : 1 - chiSquareCdf(chiSquare, df);
  return { chiSquare, df, pValue, mismatch: pValue < threshold };
}
