// The lab's simulation with the real draw engine: here, at the composition level, because a module's test
// may not import another module (the lab gets the engine from services.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LabPrize } from './modules/campaign-lab/ports';
import { exposureCents, simulate, spreadOverDays } from './modules/campaign-lab/simulate';
import { drawEngine } from './modules/draw/rules';

const prize = (p: Partial<LabPrize> & Pick<LabPrize, 'id' | 'weight'>): LabPrize => ({
  name: p.id,
  kind: 'coupon',
  image: '/p.png',
  stock: null,
  valueCents: 0,
  unlockAfterDraws: null,
  tiers: [],
  consolation: false,
  ...p,
});

const table: LabPrize[] = [
  prize({ id: 'big', weight: 10, stock: 5, valueCents: 100_000 }),
  prize({ id: 'mid', weight: 100, stock: 100_000, valueCents: 500 }),
  prize({ id: 'never', weight: 0, stock: 10, valueCents: 1_000_000 }),
  prize({ id: 'thanks', weight: 890, kind: 'thanks', consolation: true }),
];

describe('the budget simulation', () => {
  it('spreads the draws over the days by the curve, every draw counted once', () => {
    expect(spreadOverDays(10, 3)).toEqual([4, 3, 3]);
    expect(spreadOverDays(10, 3, [0, 1, 1])).toEqual([0, 5, 5]);
    expect(spreadOverDays(7, 2, [3, 1]).reduce((a, b) => a + b)).toBe(7);
  });

  it("picks with the engine's table: stock runs out on a day, then those picks fall back to the consolation", () => {
    const r = simulate(drawEngine, { prizes: table, draws: 20_000, days: 4, drawsPerCustomer: 10 }, randomBytes);
    expect(r.drawsPerDay).toEqual([5000, 5000, 5000, 5000]);
    const won = Object.fromEntries(r.runOut.map((x) => [x.prizeId, x]));
    // 1% of 5,000 draws a day picks "big": its 5 are gone on the first day.
    expect(won.big).toMatchObject({ won: 5, day: 1 });
    expect(won.never).toMatchObject({ won: 0, day: null });
    expect(won.mid?.day).toBeNull();
    // About 10% pick "mid" (binomial, 20,000 draws: ±6 sd is well inside ±300).
    expect(Math.abs((won.mid?.won ?? 0) - 2000)).toBeLessThan(300);
    expect(r.runOut.reduce((s, x) => s + x.won, 0)).toBe(20_000);
    expect(r.totalPayoutCents).toBe(5 * 100_000 + (won.mid?.won ?? 0) * 500);
    expect(r.payoutPerDayCents.reduce((a, b) => a + b)).toBe(r.totalPayoutCents);
  });

  it('the chance of going over budget: certain below the sure payout, nil above everything possible', () => {
    const input = { prizes: table, draws: 20_000, days: 4, drawsPerCustomer: 1 };
    expect(simulate(drawEngine, { ...input, budgetCents: 0 }, randomBytes).overBudgetChance).toBe(1);
    expect(simulate(drawEngine, { ...input, budgetCents: 1e12 }, randomBytes).overBudgetChance).toBe(0);
    // The payout is about 5 × ¥1,000 + 2,000 × ¥5, give or take 500 × √(20,000 × 0.1 × 0.9) ≈ ¥212 (one sd):
    // 8 sd below it the campaign is almost surely over budget, 8 sd above almost surely not.
    const expected = 500_000 + 2000 * 500;
    const sd = 500 * Math.sqrt(20_000 * 0.1 * 0.9);
    expect(
      simulate(drawEngine, { ...input, budgetCents: expected - 8 * sd }, randomBytes).overBudgetChance,
    ).toBeGreaterThan(0.95);
    expect(
      simulate(drawEngine, { ...input, budgetCents: expected + 8 * sd }, randomBytes).overBudgetChance,
    ).toBeLessThan(0.05);
    // The default budget is the exposure of the stocked prizes.
    expect(simulate(drawEngine, input, randomBytes).budgetCents).toBe(exposureCents(table));
  });

  it('follows the rule chain: a prize unlocked only after a customer’s 2nd draw is never won by one-draw customers', () => {
    const locked = [
      prize({ id: 'later', weight: 500, unlockAfterDraws: 2, valueCents: 100 }),
      prize({ id: 'thanks', weight: 500, consolation: true }),
    ];
    const once = simulate(drawEngine, { prizes: locked, draws: 5000, days: 1, drawsPerCustomer: 1 }, randomBytes);
    expect(once.runOut[0]?.won).toBe(0);
    const thrice = simulate(drawEngine, { prizes: locked, draws: 6000, days: 1, drawsPerCustomer: 3 }, randomBytes);
    // Only every third draw (index 2) can pick it, at 50%.
    expect(Math.abs((thrice.runOut[0]?.won ?? 0) - 1000)).toBeLessThan(200);
  });
});
