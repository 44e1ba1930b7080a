import { normalQuantile } from './distributions';

export interface SampleSizeInput {
  /** The control's conversion rate, 0 < baseline < 1. */
  baseline: number;
  /** The smallest absolute lift worth detecting (0.05 = five points); for a relative one pass baseline × lift. */
  mde: number;
  alpha?: number;
  power?: number;
}

/**
 * Customers per variant for a two-sided two-proportion z-test at a fixed horizon. The formula Evan Miller's
 * calculator uses, so marketers can check us there: the null variance at the baseline, the alternative's at the
 * two rates, n = (z(1−α/2)·√(2p(1−p)) + z(power)·√(p(1−p) + p₂(1−p₂)))² / δ². `exact` is the unrounded value;
 * `perVariant` rounds it up.
 */
export function sampleSizePerVariant(input: SampleSizeInput): { exact: number; perVariant: number } {
  const { baseline: p, mde, alpha = 0.05, power = 0.8 } = input;
  const p2 = p + mde;
  if (!(p > 0 && p < 1 && p2 > 0 && p2 < 1 && mde !== 0)) throw new Error('rates must lie in (0, 1), mde not 0');
  if (!(alpha > 0 && alpha < 1 && power > 0 && power < 1)) throw new Error('alpha and power must lie in (0, 1)');
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zPower = normalQuantile(power);
  const spread = zAlpha * Math.sqrt(2 * p * (1 - p)) + zPower * Math.sqrt(p * (1 - p) + p2 * (1 - p2));
  const exact = spread ** 2 / mde ** 2;
  return { exact, perVariant: Math.ceil(exact) };
}
