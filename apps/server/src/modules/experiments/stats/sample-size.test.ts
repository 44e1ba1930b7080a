import { describe, expect, it } from 'vitest';
import { sampleSizePerVariant } from './sample-size';

describe('fixed-horizon sample size per variant', () => {
  it("matches Evan Miller's calculator at its defaults (20% baseline, 5 points, α 5%, power 80%)", () => {
    // evanmiller.org/ab-testing/sample-size.html shows 1,030 per variation at these defaults (its page rounds);
    // by hand:
    // (1.959964·√0.32 + 0.841621·√(0.16 + 0.1875))² / 0.05² = (1.108717 + 0.496128)² / 0.0025 = 1030.22.
    const n = sampleSizePerVariant({ baseline: 0.2, mde: 0.05 });
    expect(n.exact).toBeCloseTo(1030.219, 2);
    expect(Math.round(n.exact)).toBe(1030);
    expect(n.perVariant).toBe(1031);
  });

  it('grows with the inverse square of the effect and with power', () => {
    // Closed form again (scipy's norm.ppf for the quantiles): 10% → 12%, 3622.62; 3% → 3.6% at power 90%, 17624.68.
    expect(sampleSizePerVariant({ baseline: 0.1, mde: 0.02 }).exact).toBeCloseTo(3622.616, 2);
    expect(sampleSizePerVariant({ baseline: 0.03, mde: 0.006, power: 0.9 }).exact).toBeCloseTo(17624.68, 1);
    const small = sampleSizePerVariant({ baseline: 0.1, mde: 0.01 }).exact;
    const large = sampleSizePerVariant({ baseline: 0.1, mde: 0.02 }).exact;
    expect(small / large).toBeGreaterThan(3.5);
  });

  it('refuses rates outside (0, 1)', () => {
    expect(() => sampleSizePerVariant({ baseline: 0.98, mde: 0.05 })).toThrow();
    expect(() => sampleSizePerVariant({ baseline: 0.2, mde: 0 })).toThrow();
    expect(() => sampleSizePerVariant({ baseline: 0.2, mde: 0.05, power: 1 })).toThrow();
  });
});
