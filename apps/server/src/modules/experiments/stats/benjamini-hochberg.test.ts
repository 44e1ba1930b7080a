import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from './benjamini-hochberg';

// Benjamini & Hochberg (1995), JRSS B 57(1), section 3.2: the 15 p-values of Neuhaus et al.'s thrombolysis trial.
// At q = 0.05 the procedure rejects the four smallest (Bonferroni only three). Adjusted values as R's
// p.adjust(p, "BH") and scipy.stats.false_discovery_control give them.
const NEUHAUS = [
  0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1,
];
const ADJUSTED = [
  0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.06385714, 0.06385714, 0.0645, 0.0765, 0.486, 0.58118182, 0.714875,
  0.75323077, 0.81321429, 1,
];

describe('Benjamini–Hochberg', () => {
  it("reproduces the 1995 paper's example", () => {
    const { adjusted, rejected } = benjaminiHochberg(NEUHAUS, 0.05);
    for (const [i, p] of adjusted.entries()) expect(p).toBeCloseTo(ADJUSTED[i] ?? Number.NaN, 7);
    expect(rejected.filter(Boolean)).toHaveLength(4);
    expect(rejected.slice(0, 4)).toEqual([true, true, true, true]);
  });

  it('keeps the input order and never adjusts a p-value down', () => {
    const shuffled = [0.0459, 0.0001, 1, 0.0095, 0.324];
    const { adjusted, rejected } = benjaminiHochberg(shuffled);
    const expected = [0.0765, 0.0005, 1, 0.02375, 0.405];
    for (const [i, p] of adjusted.entries()) {
      expect(p).toBeCloseTo(expected[i] ?? Number.NaN, 12);
      expect(p).toBeGreaterThanOrEqual(shuffled[i] ?? 0);
    }
    expect(rejected).toEqual([false, true, false, true, false]);
    expect(benjaminiHochberg([])).toEqual({ adjusted: [], rejected: [] });
  });
});
