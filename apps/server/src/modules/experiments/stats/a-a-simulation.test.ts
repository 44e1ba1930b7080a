import { describe, expect, it } from 'vitest';
import { mulberry32 } from '#server/platform/seeded-random';
import { summaryOf } from './moments';
import { alwaysValidPValues, type Look } from './msprt';
import { diffMeans } from './two-means';
import { diffProportions } from './two-proportions';

const conversions = (rng: () => number, n: number, rate: number) => {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng() < rate) k++;
  return k;
};

const ALPHA = 0.05;
const RUNS = 1000;

describe('A/A simulations (both arms the same)', () => {
  it('fixed horizon, conversion rates: false positives within α ± 1%', () => {
    const rng = mulberry32(38);
    let positives = 0;
    for (let r = 0; r < RUNS; r++) {
      const a = { n: 2000, conversions: conversions(rng, 2000, 0.1) };
      const b = { n: 2000, conversions: conversions(rng, 2000, 0.1) };
      if (diffProportions(a, b).pValue < ALPHA) positives++;
    }
    expect(Math.abs(positives / RUNS - ALPHA)).toBeLessThanOrEqual(0.01);
  });

  it('fixed horizon, cost per participant (skewed): false positives within α ± 1%', () => {
    const rng = mulberry32(380);
    // Cost: most customers win nothing, a few win ¥5, fewer ¥50.
    const cost = () => {
      const u = rng();
      return u < 0.02 ? 50 : u < 0.3 ? 5 : 0;
    };
    let positives = 0;
    for (let r = 0; r < RUNS; r++) {
      const a = summaryOf(Array.from({ length: 800 }, cost));
      const b = summaryOf(Array.from({ length: 800 }, cost));
      if (diffMeans(a, b).pValue < ALPHA) positives++;
    }
    expect(Math.abs(positives / RUNS - ALPHA)).toBeLessThanOrEqual(0.01);
  });

  it('peeking after every batch: mSPRT stays at or under α, the fixed test read each time does not', () => {
    const rng = mulberry32(3800);
    const LOOKS = 20;
    const BATCH = 500;
    let sequential = 0;
    let naive = 0;
    for (let r = 0; r < RUNS; r++) {
      const a = { n: 0, conversions: 0 };
      const b = { n: 0, conversions: 0 };
      const looks: Look[] = [];
      let naiveHit = false;
      for (let l = 0; l < LOOKS; l++) {
        a.n += BATCH;
        b.n += BATCH;
        a.conversions += conversions(rng, BATCH, 0.1);
        b.conversions += conversions(rng, BATCH, 0.1);
        const d = diffProportions(a, b);
        looks.push({ estimate: d.estimate, variance: d.standardError ** 2 });
        if (d.pValue < ALPHA) naiveHit = true;
      }
      if ((alwaysValidPValues(looks, 0.01).at(-1) ?? 1) <= ALPHA) sequential++;
      if (naiveHit) naive++;
    }
    expect(sequential / RUNS).toBeLessThanOrEqual(ALPHA);
    // The simulation can see inflation: reading a fixed-horizon test 20 times rejects far more often than α.
    expect(naive / RUNS).toBeGreaterThan(2 * ALPHA);
  });

  it('mSPRT still finds a real lift (10% → 12%) within the same looks', () => {
    const rng = mulberry32(38000);
    let found = 0;
    for (let r = 0; r < 200; r++) {
      const a = { n: 0, conversions: 0 };
      const b = { n: 0, conversions: 0 };
      const looks: Look[] = [];
      for (let l = 0; l < 20; l++) {
        a.n += 500;
        b.n += 500;
        a.conversions += conversions(rng, 500, 0.1);
        b.conversions += conversions(rng, 500, 0.12);
        const d = diffProportions(a, b);
        looks.push({ estimate: d.estimate, variance: d.standardError ** 2 });
      }
      if ((alwaysValidPValues(looks, 0.01).at(-1) ?? 1) <= ALPHA) found++;
    }
    expect(found / 200).toBeGreaterThan(0.8);
  });
});
