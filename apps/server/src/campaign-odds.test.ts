import { oddsTable } from '@campaign/contract';
import { describe, expect, it } from 'vitest';
import { template } from './modules/campaigns/templates';
import { oddsTable as engineOdds } from './modules/draw/odds';

// One truth for the odds: the console's editor (packages/contract campaign-draft.ts, no server code) shows what
// the draw engine publishes on the rules page and draws with.
const NOW = Date.UTC(2026, 10, 22, 2, 0, 0);

describe('campaign odds', () => {
  it('the console shows exactly the odds the draw engine publishes', () => {
    for (const kind of ['wheel', 'grid', 'coupon'] as const) {
      const prizes = template(kind, 't', NOW).activity?.prizes ?? [];
      const engine = engineOdds(
        prizes.map((p) => ({
          id: p.id,
          weight: p.weight,
          tiers: p.tiers ?? [],
          unlockAfterDraws: p.unlockAfterDraws ?? null,
          consolation: p.consolation ?? false,
        })),
      );
      expect(
        oddsTable(prizes).map(({ id, weight, probability, percentText }) => ({ id, weight, probability, percentText })),
      ).toEqual(engine);
    }
  });

  it('agrees on tiers, locked prizes and rounding at the edges', () => {
    const prizes = [
      { id: 'a', name: 'a', kind: 'coupon' as const, image: '/a.svg', weight: 1, tiers: [{ fromDraw: 0, weight: 3 }] },
      { id: 'b', name: 'b', kind: 'coupon' as const, image: '/b.svg', weight: 5, unlockAfterDraws: 2 },
      { id: 'c', name: 'c', kind: 'thanks' as const, image: '/c.svg', weight: 299_997, consolation: true },
    ];
    const engine = engineOdds(
      prizes.map((p) => ({
        id: p.id,
        weight: p.weight,
        tiers: p.tiers ?? [],
        unlockAfterDraws: p.unlockAfterDraws ?? null,
        consolation: p.consolation ?? false,
      })),
    );
    expect(
      oddsTable(prizes).map(({ id, weight, probability, percentText }) => ({ id, weight, probability, percentText })),
    ).toEqual(engine);
  });
});
