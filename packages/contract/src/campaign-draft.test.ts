import { describe, expect, it } from 'vitest';
import {
  budgetCents,
  type CampaignDraft,
  type DraftPrize,
  expectedCostPer1000,
  exposure,
  oddsTable,
  slotOf,
  unboundedPrizes,
  yuan,
} from './campaign-draft';

const prize = (id: string, weight: number, more: Partial<DraftPrize> = {}): DraftPrize => ({
  id,
  name: id,
  kind: 'coupon',
  image: '/p.svg',
  weight,
  ...more,
});

const table = [
  prize('big', 1, { valueCents: 100_000, stock: 10 }),
  prize('small', 99, { valueCents: 500, stock: 1000 }),
  prize('thanks', 900, { kind: 'thanks', consolation: true }),
];

describe('campaign draft figures', () => {
  it('publishes the odds with the rules page rounding', () => {
    const odds = oddsTable(table);
    expect(odds.map((o) => o.percentText)).toEqual(['0.10%', '9.90%', '90.00%']);
    expect(odds.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    expect(oddsTable([prize('a', 1), prize('b', 99_999)]).map((o) => o.percentText)).toEqual(['<0.01%', '>99.99%']);
  });

  it('uses the tier for draw 0 and keeps locked prizes at 0', () => {
    const odds = oddsTable([
      prize('a', 5, {
        tiers: [
          { fromDraw: 0, weight: 1 },
          { fromDraw: 3, weight: 9 },
        ],
      }),
      prize('b', 1, { unlockAfterDraws: 2 }),
      prize('c', 3, { consolation: true }),
    ]);
    expect(odds.map((o) => o.weight)).toEqual([1, 0, 3]);
    expect(odds.map((o) => o.percentText)).toEqual(['25.00%', '0.00%', '75.00%']);
  });

  it('has no odds when nothing can be won', () => {
    expect(oddsTable([prize('a', 0)])).toEqual([]);
    expect(expectedCostPer1000([prize('a', 0, { valueCents: 5 })])).toBe(0);
  });

  it('computes the expected cost per 1,000 draws and the exposure in cents', () => {
    // 1000 × (0.001 × 100000 + 0.099 × 500) = 100000 + 49500
    expect(expectedCostPer1000(table)).toBe(149_500);
    // 10 × 100000 + 1000 × 500; the consolation prize adds nothing
    expect(exposure(table)).toBe(1_500_000);
    expect(unboundedPrizes([...table, prize('open', 1, { valueCents: 100 })])).toEqual(['open']);
  });

  it('takes the budget from the prizes, or from a discount', () => {
    const wheel: CampaignDraft = {
      kind: 'wheel',
      activity: {
        type: 'wheel',
        title: 't',
        startsAt: 0,
        endsAt: 1,
        rules: '规则',
        chances: { perDay: 1 },
        prizes: table,
      },
    };
    expect(budgetCents(wheel)).toBe(1_500_000);
    expect(slotOf(wheel)).toBe('page:wheel');
    expect(slotOf({ ...wheel, slot: 'home-banner' })).toBe('home-banner');
    const discount: CampaignDraft = {
      kind: 'discount',
      discount: { title: 'd', amountCents: 500, startsAt: 0, endsAt: 1, totalLimit: 200 },
    };
    expect(budgetCents(discount)).toBe(100_000);
    expect(slotOf(discount)).toBeNull();
  });

  it('writes yuan with separators', () => {
    expect(yuan(123_456)).toBe('¥1,234.56');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(-100)).toBe('-¥1.00');
  });
});
