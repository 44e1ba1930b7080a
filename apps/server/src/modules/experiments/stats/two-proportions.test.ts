import { describe, expect, it } from 'vitest';
import { diffProportions } from './two-proportions';

describe('difference of two conversion rates', () => {
  it('matches the Wald interval worked by hand (200/1000 against 250/1000)', () => {
    // se = √(0.2·0.8/1000 + 0.25·0.75/1000) = √0.0003475 = 0.0186414; z = 0.05 / se = 2.68221;
    // p = 2(1 − Φ(2.68221)) = 0.0073138; 95% CI 0.05 ± 1.959964·se = [0.013464, 0.086536] (scipy agrees).
    const d = diffProportions({ n: 1000, conversions: 200 }, { n: 1000, conversions: 250 });
    expect(d.estimate).toBeCloseTo(0.05, 12);
    expect(d.standardError).toBeCloseTo(0.0186414, 6);
    expect(d.statistic).toBeCloseTo(2.68221, 4);
    expect(d.pValue).toBeCloseTo(0.0073138, 6);
    expect(d.low).toBeCloseTo(0.013464, 5);
    expect(d.high).toBeCloseTo(0.086536, 5);
  });

  it('agrees with its own interval: at alpha = p the interval just touches zero', () => {
    const a = { n: 1000, conversions: 200 };
    const b = { n: 1000, conversions: 250 };
    expect(diffProportions(a, b, diffProportions(a, b).pValue).low).toBeCloseTo(0, 10);
  });

  it('is symmetric, and sure of nothing when nothing varies', () => {
    const a = { n: 500, conversions: 40 };
    const b = { n: 800, conversions: 90 };
    const ab = diffProportions(a, b);
    const ba = diffProportions(b, a);
    expect(ba.estimate).toBeCloseTo(-ab.estimate, 12);
    expect(ba.pValue).toBeCloseTo(ab.pValue, 12);
    expect(diffProportions({ n: 10, conversions: 0 }, { n: 10, conversions: 0 }).pValue).toBe(1);
    expect(diffProportions({ n: 10, conversions: 0 }, { n: 10, conversions: 10 }).pValue).toBe(0);
    expect(() => diffProportions({ n: 0, conversions: 0 }, b)).toThrow();
  });
});
