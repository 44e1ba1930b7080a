import { describe, expect, it } from 'vitest';
import { SRM_THRESHOLD, sampleRatioCheck } from './sample-ratio';

describe('sample-ratio mismatch', () => {
  it('flags at the chi-square table value for p = 0.001, one degree of freedom (10.828)', () => {
    // 50/50 of 100,000: χ² = (a − b)² / 100,000. 1,040 apart → 10.816 (p = 0.001006, just under the table
    // value); 1,060 apart → 11.236 (p = 0.000802). scipy.stats.chisquare gives the same.
    const under = sampleRatioCheck([50_520, 49_480], [5000, 5000]);
    expect(under.chiSquare).toBeCloseTo(10.816, 9);
    expect(under.pValue).toBeCloseTo(0.0010063, 6);
    expect(under.mismatch).toBe(false);
    const over = sampleRatioCheck([50_530, 49_470], [5000, 5000]);
    expect(over.pValue).toBeCloseTo(0.00080226, 7);
    expect(over.mismatch).toBe(true);
    expect(SRM_THRESHOLD).toBe(0.001);
  });

  it('reads shares in any unit and checks several arms', () => {
    // 34/33/33: expected 3,400 / 3,300 / 3,300 of 10,000. χ² = 62,500/3,400 + 2,500/3,300 + 40,000/3,300 = 31.2611.
    const r = sampleRatioCheck([3150, 3350, 3500], [34, 33, 33]);
    expect(r.df).toBe(2);
    expect(r.chiSquare).toBeCloseTo(31.26114, 4);
    expect(r.pValue).toBeCloseTo(1.6283e-7, 10);
    expect(sampleRatioCheck([3400, 3300, 3300], [3400, 3300, 3300])).toMatchObject({ chiSquare: 0, pValue: 1 });
  });

  it('calls customers in an arm with no share a mismatch, and no customers no alarm', () => {
    expect(sampleRatioCheck([10, 1], [10_000, 0]).mismatch).toBe(true);
    expect(sampleRatioCheck([10, 0], [10_000, 0]).mismatch).toBe(false);
    expect(sampleRatioCheck([0, 0], [5000, 5000]).mismatch).toBe(false);
  });
});
