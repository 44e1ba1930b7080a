import { describe, expect, it } from 'vitest';
import { cuped, cupedArmOf } from './cuped';
import { summaryOf } from './moments';

const X = [3, 5, 2, 8, 6, 4, 7, 5, 9, 1];
const Y = [4, 7, 3, 9, 8, 4, 9, 6, 11, 2];
const pairs = (xs: number[], ys: number[]) => xs.map((x, i) => ({ x, y: ys[i] ?? 0 }));

describe('CUPED', () => {
  it('finds θ = cov(Y, X) / var(X) and cuts the variance by ρ² (one arm, worked by hand)', () => {
    // Σ(x − x̄)(y − ȳ) = 61.2, Σ(x − x̄)² = 54 → θ = 1.13333; ρ² = 61.2² / (54 · 80.1) = 0.962131.
    const r = cuped([cupedArmOf(pairs(X, Y))]);
    expect(r.theta).toBeCloseTo(1.133333, 6);
    expect(r.varianceReduction).toBeCloseTo(0.962131, 6);
    expect(r.arms[0]?.variance).toBeCloseTo(0.337037, 6);
    expect(r.arms[0]?.mean).toBeCloseTo(6.3, 12);
  });

  it('removes a pre-period imbalance between arms and leaves the true lift', () => {
    // Y = 2X (control) and Y = 2X + 1 (treatment), the treatment's X̄ one higher by chance: the raw difference is
    // 8 − 5 = 3, θ = 2 exactly, X̄_all = 3, adjusted means 5 + 1 = 6 and 8 − 1 = 7: the lift, 1, and no variance left.
    const r = cuped([cupedArmOf(pairs([1, 2, 3, 4], [2, 4, 6, 8])), cupedArmOf(pairs([2, 3, 4, 5], [5, 7, 9, 11]))]);
    expect(r.theta).toBeCloseTo(2, 12);
    expect(r.arms.map((a) => a.mean)).toEqual([6, 7]);
    expect(r.arms.map((a) => a.variance)).toEqual([0, 0]);
    expect(r.varianceReduction).toBeCloseTo(1, 12);
  });

  it('changes nothing when the pre-period says nothing', () => {
    const r = cuped([cupedArmOf(pairs([1, 1, 1, 1], [3, 5, 4, 8]))]);
    expect(r.theta).toBe(0);
    expect(r.varianceReduction).toBe(0);
    expect(r.arms[0]).toEqual(summaryOf([3, 5, 4, 8]));
    expect(() => cuped([cupedArmOf(pairs([1], [1]))])).toThrow();
  });
});
