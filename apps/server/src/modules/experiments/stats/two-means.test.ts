import { describe, expect, it } from 'vitest';
import { summaryFromSums, summaryOf } from './moments';
import { diffMeans, welchDf } from './two-means';

// Wikipedia, "Welch's t-test", Examples, the first pair of samples (equal sizes): t = −2.46, ν ≈ 25.0, p = 0.021.
// Full precision from scipy.stats.ttest_ind(a, b, equal_var=False): t = −2.455356, ν = 24.98853, p = 0.021378,
// 95% CI of a − b = [−3.984096, −0.349237].
const A1 = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4];
const A2 = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4];

describe('difference of two means (Welch)', () => {
  it("matches Wikipedia's worked example", () => {
    // diffMeans reads treatment − control, so A1 − A2 is (control A2, treatment A1).
    const d = diffMeans(summaryOf(A2), summaryOf(A1));
    expect(d.statistic).toBeCloseTo(-2.455356, 5);
    expect(welchDf(summaryOf(A2), summaryOf(A1))).toBeCloseTo(24.98853, 4);
    expect(d.pValue).toBeCloseTo(0.021378, 5);
    expect(d.low).toBeCloseTo(-3.984096, 5);
    expect(d.high).toBeCloseTo(-0.349237, 5);
  });

  it('gives the same summary from values and from roll-up sums', () => {
    const sum = A1.reduce((a, b) => a + b, 0);
    const squares = A1.reduce((a, b) => a + b * b, 0);
    const fromSums = summaryFromSums(A1.length, sum, squares);
    const fromValues = summaryOf(A1);
    expect(fromSums.mean).toBeCloseTo(fromValues.mean, 10);
    expect(fromSums.variance).toBeCloseTo(fromValues.variance, 8);
  });

  it('tends to the normal interval with large arms', () => {
    // n = 10^6 each, s = 1: se = √(2·10^-6) = 0.00141421, CI half-width ≈ 1.959964·se = 0.00277181.
    const big = { n: 1_000_000, mean: 0, variance: 1 };
    const d = diffMeans(big, { ...big, mean: 0.001 });
    expect(d.high - d.estimate).toBeCloseTo(0.00277181, 7);
    expect(() => diffMeans({ n: 1, mean: 0, variance: 0 }, big)).toThrow();
  });
});
