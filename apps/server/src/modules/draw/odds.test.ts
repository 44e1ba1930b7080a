import { describe, expect, it } from 'vitest';
import { effectiveWeights, type PrizeConfig } from './engine';
import { oddsTable } from './odds';

const prize = (id: string, weight: number, extra: Partial<PrizeConfig> = {}): PrizeConfig => ({
  id,
  weight,
  tiers: [],
  unlockAfterDraws: null,
  consolation: false,
  ...extra,
});

describe('oddsTable', () => {
  const table = [
    prize('phone', 1),
    prize('cup', 7, { tiers: [{ fromDraw: 3, weight: 14 }] }),
    prize('vip', 5, { unlockAfterDraws: 2 }),
    prize('coupon', 17),
    prize('thanks', 50, { consolation: true }),
  ];

  it('derives each row from the effective weights, and the probabilities sum to 1', () => {
    for (const drawIndex of [0, 2, 3]) {
      const { weights, total } = effectiveWeights(table, drawIndex);
      const rows = oddsTable(table, drawIndex);
      expect(rows.map((r) => ({ id: r.id, weight: r.weight }))).toEqual(weights);
      for (const row of rows) expect(row.probability).toBe(row.weight / total);
      expect(rows.reduce((sum, r) => sum + r.probability, 0)).toBeCloseTo(1, 12);
    }
  });

  it('defaults to draw index 0 and reflects locks and tiers at later indexes', () => {
    const at0 = oddsTable(table);
    expect(at0).toEqual(oddsTable(table, 0));
    expect(at0.find((r) => r.id === 'vip')?.percentText).toBe('0.00%');
    const at3 = oddsTable(table, 3);
    expect(at3.find((r) => r.id === 'cup')?.weight).toBe(14);
    expect(at3.find((r) => r.id === 'vip')?.weight).toBe(5);
  });

  it('formats percentages with two decimals, rounding half up exactly', () => {
    const text = (weights: number[]) =>
      oddsTable(weights.map((w, i) => prize(`p${i}`, w, { consolation: i === 0 }))).map((r) => r.percentText);
    expect(text([7, 1])).toEqual(['87.50%', '12.50%']);
    expect(text([2, 1])).toEqual(['66.67%', '33.33%']);
    expect(text([1])).toEqual(['100.00%']);
    // 1/20000 = 0.005% exactly: half up gives 0.01%; 99.995% must not read as a certain 100.00%.
    expect(text([19_999, 1])).toEqual(['>99.99%', '0.01%']);
    // 1/400 = 0.25% exactly, 399/400 = 99.75%.
    expect(text([399, 1])).toEqual(['99.75%', '0.25%']);
    // 1/8000 = 0.0125% rounds to 0.01%.
    expect(text([7_999, 1])[1]).toBe('0.01%');
  });

  it('never prints 0.00% for a prize that can be won, nor 100.00% for one that is not certain', () => {
    const rows = oddsTable([prize('thanks', 99_999, { consolation: true }), prize('car', 1), prize('locked', 0)]);
    expect(rows.map((r) => r.percentText)).toEqual(['>99.99%', '<0.01%', '0.00%']);
  });

  it('stays exact for weights whose products exceed 2^53', () => {
    const big = 2 ** 52 - 1;
    expect(oddsTable([prize('a', big, { consolation: true }), prize('b', 1)]).map((r) => r.percentText)).toEqual([
      '>99.99%',
      '<0.01%',
    ]);
  });

  it('refuses a table with nothing to draw', () => {
    expect(() => oddsTable([prize('thanks', 0, { consolation: true })])).toThrow(RangeError);
  });
});
