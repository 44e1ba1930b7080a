import { effectiveWeights, type PrizeConfig } from './engine';

/**
 * The odds shown on the rules page (issue 4 §4). Computed from the same prize table and the same
 * `effectiveWeights` the draw uses, never typed by hand, so the published odds cannot disagree with the
 * odds actually applied.
 */

export interface OddsRow {
  id: string;
  weight: number;
  /** weight / total, in [0, 1]; the rows' probabilities sum to 1 (up to float rounding). */
  probability: number;
  /**
   * Percentage rounded half-up to two decimals, e.g. "12.50%". A prize that can be won but rounds to
   * 0.00 shows "<0.01%", and one that is not certain but rounds to 100.00 shows ">99.99%": printing "0.00%"
   * for a winnable prize (or "100.00%" for an uncertain one) would misstate the odds to the customer.
   */
  percentText: string;
}

/** Odds for a user at `drawIndex` (0 = a new participant, the figure normally published). */
export function oddsTable(prizes: readonly PrizeConfig[], drawIndex = 0): OddsRow[] {
  const { weights, total } = effectiveWeights(prizes, drawIndex);
  if (total <= 0) throw new RangeError(`the total weight at draw index ${drawIndex} is 0; no odds to show`);
  return weights.map(({ id, weight }) => ({
    id,
    weight,
    probability: weight / total,
    percentText: percentText(weight, total),
  }));
}

/**
 * Exact rounding in integers: hundredths of a percent = round(weight × 10000 / total). BigInt because
 * weight × 20000 can exceed 2^53 for large weights, and float division would round some x.xx5 cases the
 * wrong way.
 */
export function percentText(weight: number, total: number): string {
  const w = BigInt(weight);
  const t = BigInt(total);
  const hundredths = (w * 20000n + t) / (2n * t);
  if (hundredths === 0n && w > 0n) return '<0.01%';
  if (hundredths === 10000n && w < t) return '>99.99%';
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}%`;
}
