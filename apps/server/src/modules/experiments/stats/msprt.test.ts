import { describe, expect, it } from 'vitest';
import { alwaysValidPValues, logMixtureRatio, nextAlwaysValidP } from './msprt';

describe('mSPRT (always-valid p-values)', () => {
  it('computes the normal-mixture likelihood ratio in closed form', () => {
    // d = 0.02, V = 10^-4, τ = 0.01: Λ = √(1/2) · exp(10^-4 · 4·10^-4 / (2 · 10^-4 · 2·10^-4)) = √(1/2) · e = 1.922116.
    expect(Math.exp(logMixtureRatio({ estimate: 0.02, variance: 1e-4 }, 0.01))).toBeCloseTo(1.9221155, 6);
    expect(nextAlwaysValidP(1, { estimate: 0.02, variance: 1e-4 }, 0.01)).toBeCloseTo(0.5202601, 6);
    // Centred on θ₀ the same look is evidence for nothing: Λ = √(1/2) < 1, p stays 1.
    expect(nextAlwaysValidP(1, { estimate: 0.02, variance: 1e-4 }, 0.01, 0.02)).toBe(1);
  });

  it('never raises the p-value, and ignores a look with no variance yet', () => {
    const p = alwaysValidPValues(
      [
        { estimate: 0, variance: 0 },
        { estimate: 0.05, variance: 1e-4 },
        { estimate: 0.0, variance: 5e-5 },
        { estimate: 0.03, variance: 2e-5 },
      ],
      0.02,
    );
    expect(p[0]).toBe(1);
    for (let i = 1; i < p.length; i++) expect(p[i]).toBeLessThanOrEqual(p[i - 1] ?? 1);
    expect(p[3]).toBeLessThan(1e-6);
  });

  it('is stricter than a fixed-horizon z-test at the same look', () => {
    // z = 2.5 (p ≈ 0.0124 fixed-horizon) is not enough for an always-valid p below 0.05 with τ = se.
    const look = { estimate: 0.025, variance: 1e-4 };
    expect(nextAlwaysValidP(1, look, 0.01)).toBeGreaterThan(0.05);
  });
});
