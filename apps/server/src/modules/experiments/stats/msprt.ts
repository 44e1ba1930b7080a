/**
 * The mixture sequential probability ratio test (mSPRT) with a normal mixing distribution N(θ₀, τ²), as in Johari,
 * Pekelis & Walsh, "Always Valid Inference" (2017), the basis of Optimizely's Stats Engine. At each look the
 * difference estimate d has variance V (V = s₁²/n₁ + s₂²/n₂); the mixture likelihood ratio is
 *   Λ = √(V / (V + τ²)) · exp(τ²(d − θ₀)² / (2V(V + τ²))),
 * and the always-valid p-value is p = min(previous p, 1/Λ), starting at 1. Rejecting when p ≤ α keeps the false
 * positive rate at most α however often the report is read. τ is the effect size one expects (say the MDE).
 * V is estimated at each look, so the guarantee is asymptotic (large arms): the seeded A/A simulation checks it
 * at batches of 500 per arm.
 */
export interface Look {
  /** Treatment − control estimate at this look. */
  estimate: number;
  /** Its variance (the standard error squared). */
  variance: number;
}

/** log Λ for one look; 0 (Λ = 1, no evidence) when there is no variance yet. */
export function logMixtureRatio(look: Look, tau: number, theta0 = 0): number {
  const v = look.variance;
  const t2 = tau * tau;
  if (!(v > 0) || !(t2 > 0)) return 0;
  const d = look.estimate - theta0;
  return 0.5 * Math.log(v / (v + t2)) + (t2 * d * d) / (2 * v * (v + t2));
}

/** The always-valid p-value after one more look, given the one before (1 before the first look). */
export function nextAlwaysValidP(previous: number, look: Look, tau: number, theta0 = 0): number {
  return Math.min(previous, Math.exp(-logMixtureRatio(look, tau, theta0)));
}

/** Always-valid p-values over a sequence of looks: never increasing. */
export function alwaysValidPValues(looks: readonly Look[], tau: number, theta0 = 0): number[] {
  let p = 1;
  return looks.map((look) => {
    p = nextAlwaysValidP(p, look, tau, theta0);
    return p;
  });
}
