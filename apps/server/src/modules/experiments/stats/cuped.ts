import type { Summary } from './moments';

/**
 * CUPED (Deng, Xu, Kohavi & Walker, "Improving the Sensitivity of Online Controlled Experiments by Utilizing
 * Pre-Experiment Data", WSDM 2013): Y is the metric in the experiment, X the same customer's pre-period value
 * the bank supplies. θ = cov(Y, X) / var(X), the covariances pooled within arms (the ANCOVA slope, so the lift
 * itself does not bend θ); each arm's adjusted mean is Ȳ − θ(X̄ − X̄_all) and its variance that of Y − θX.
 * With one arm the variance falls by the share ρ², ρ = corr(Y, X).
 */
export interface CupedArm {
  n: number;
  sumX: number;
  sumY: number;
  sumXX: number;
  sumYY: number;
  sumXY: number;
}

export interface Cuped {
  theta: number;
  /** Adjusted summaries, in the arms' order, ready for diffMeans. */
  arms: Summary[];
  /** 1 − adjusted variance / raw variance, pooled within arms (0 = no gain). */
  varianceReduction: number;
}

/** An arm's sums from per-customer (pre-period, in-experiment) pairs. */
export function cupedArmOf(pairs: readonly { x: number; y: number }[]): CupedArm {
  const arm: CupedArm = { n: 0, sumX: 0, sumY: 0, sumXX: 0, sumYY: 0, sumXY: 0 };
  for (const { x, y } of pairs) {
    arm.n++;
    arm.sumX += x;
    arm.sumY += y;
    arm.sumXX += x * x;
    arm.sumYY += y * y;
    arm.sumXY += x * y;
  }
  return arm;
}

/** Sample covariance from sums (n − 1 in the denominator). */
const covariance = (n: number, sumA: number, sumB: number, sumAB: number) => (sumAB - (sumA * sumB) / n) / (n - 1);

export function cuped(arms: readonly CupedArm[]): Cuped {
  if (arms.length < 1 || arms.some((a) => a.n < 2)) throw new Error('each arm needs at least two customers');
  const within = arms.map((a) => ({
    a,
    vX: covariance(a.n, a.sumX, a.sumX, a.sumXX),
    vY: covariance(a.n, a.sumY, a.sumY, a.sumYY),
    cXY: covariance(a.n, a.sumX, a.sumY, a.sumXY),
  }));
  const pooled = (f: (w: (typeof within)[number]) => number) => within.reduce((t, w) => t + (w.a.n - 1) * f(w), 0);
  const varX = pooled((w) => w.vX);
  const theta = varX > 0 ? pooled((w) => w.cXY) / varX : 0;
  const meanX = arms.reduce((t, a) => t + a.sumX, 0) / arms.reduce((t, a) => t + a.n, 0);
  const out = within.map(({ a, vX, vY, cXY }) => ({
    n: a.n,
    mean: a.sumY / a.n - theta * (a.sumX / a.n - meanX),
    variance: Math.max(0, vY + theta * theta * vX - 2 * theta * cXY),
  }));
  const raw = pooled((w) => w.vY);
  const adjusted = out.reduce((t, s) => t + (s.n - 1) * s.variance, 0);
  return { theta, arms: out, varianceReduction: raw > 0 ? 1 - adjusted / raw : 0 };
}
