import { describe, expect, it } from 'vitest';
import {
  consolationPrizeId,
  drawOutcome,
  effectiveWeights,
  type PrizeConfig,
  PrizeTableError,
  pickPrize,
  validatePrizeTable,
} from './engine';
import { commitment, rollFor } from './fairness';
import { type DrawRecord, verifyDraws } from './verify';

const SEED = 'c0ffee00112233445566778899aabbccddeeff0011223344556677889900abcd';
const OTHER_SEED = 'badbadbad0112233445566778899aabbccddeeff0011223344556677889900ab';

const prize = (id: string, weight: number, extra: Partial<PrizeConfig> = {}): PrizeConfig => ({
  id,
  weight,
  tiers: [],
  unlockAfterDraws: null,
  consolation: false,
  ...extra,
});

/** Chi-square goodness-of-fit statistic: Σ (observed − expected)² / expected. */
function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  if (observed.length !== expected.length) throw new Error('length mismatch');
  return observed.reduce((sum, o, i) => {
    const e = expected[i] ?? Number.NaN;
    return sum + (o - e) ** 2 / e;
  }, 0);
}

/** Upper critical values of the chi-square distribution at p = 0.001, by degrees of freedom (standard tables). */
const CHI2_CRITICAL_P001: Readonly<Record<number, number>> = { 1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515 };

function critical(df: number): number {
  const value = CHI2_CRITICAL_P001[df];
  if (value === undefined) throw new Error(`no critical value for df=${df}`);
  return value;
}

describe('chiSquare helper', () => {
  it('is 0 for a perfect fit and matches a hand-computed value', () => {
    expect(chiSquare([10, 10], [10, 10])).toBe(0);
    expect(chiSquare([12, 8], [10, 10])).toBeCloseTo(0.8, 10);
  });
});

describe('observed frequencies match the weights (chi-square, p = 0.001)', () => {
  const table = [
    prize('gold', 10),
    prize('silver', 40),
    prize('bronze', 150),
    prize('coupon', 300),
    prize('thanks', 500, { consolation: true }),
  ];
  const N = 100_000;

  function tally(drawIndex: number, n: number, nonceTag: string): number[] {
    const counts = new Map(table.map((p) => [p.id, 0]));
    for (let i = 0; i < n; i++) {
      const outcome = drawOutcome({
        prizes: table,
        drawIndex,
        seedHex: SEED,
        userId: 'user-chi',
        drawNonce: `${nonceTag}${i}`,
        isAvailable: () => true,
      });
      counts.set(outcome.pickedPrizeId, (counts.get(outcome.pickedPrizeId) ?? 0) + 1);
    }
    return table.map((p) => counts.get(p.id) ?? 0);
  }

  const expectedFor = (weights: readonly number[], n: number): number[] => {
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => (n * w) / total);
  };

  it(`fits over ${N} draws and rejects a wrong expectation with the same statistic`, () => {
    const started = performance.now();
    const observed = tally(0, N, 'n');
    const elapsed = performance.now() - started;
    expect(observed.reduce((a, b) => a + b, 0)).toBe(N);

    const statistic = chiSquare(observed, expectedFor([10, 40, 150, 300, 500], N));
    expect(statistic).toBeLessThan(critical(4));

    // The same data against deliberately wrong weights must fail the same test: the test can fail.
    expect(chiSquare(observed, expectedFor([20, 40, 150, 300, 490], N))).toBeGreaterThan(critical(4));
    expect(chiSquare(observed, expectedFor([10, 150, 40, 300, 500], N))).toBeGreaterThan(critical(4));
    expect(chiSquare(observed, expectedFor([1, 1, 1, 1, 1], N))).toBeGreaterThan(critical(4));

    // Reported so the run shows the margin and the cost.
    console.info(
      `chi-square ${statistic.toFixed(3)} (critical ${critical(4)}) over ${N} draws in ${elapsed.toFixed(0)} ms`,
    );
  });

  it('follows the tier weights at a later draw index', () => {
    const tiered = table.map((p) =>
      p.id === 'gold'
        ? { ...p, tiers: [{ fromDraw: 5, weight: 250 }] }
        : p.id === 'coupon'
          ? { ...p, unlockAfterDraws: 6 }
          : p,
    );
    const n = 30_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const { pickedPrizeId } = drawOutcome({
        prizes: tiered,
        drawIndex: 5,
        seedHex: SEED,
        userId: 'user-tier',
        drawNonce: `t${i}`,
        isAvailable: () => true,
      });
      counts.set(pickedPrizeId, (counts.get(pickedPrizeId) ?? 0) + 1);
    }
    // At draw index 5: gold uses its tier (250), coupon is still locked (0).
    expect(counts.get('coupon') ?? 0).toBe(0);
    const ids = ['gold', 'silver', 'bronze', 'thanks'];
    const observed = ids.map((id) => counts.get(id) ?? 0);
    expect(chiSquare(observed, expectedFor([250, 40, 150, 500], n))).toBeLessThan(critical(3));
    expect(chiSquare(observed, expectedFor([10, 40, 150, 500], n))).toBeGreaterThan(critical(3));
  });

  it('gives uniform rolls for a total that does not divide 2^64 (total = 3)', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < N; i++) {
      const { roll } = rollFor(SEED, 'user-uniform', `n${i}`, 3);
      counts[roll] = (counts[roll] ?? 0) + 1;
    }
    expect(chiSquare(counts, [N / 3, N / 3, N / 3])).toBeLessThan(critical(2));
    expect(chiSquare(counts, [N * 0.3, N * 0.3, N * 0.4])).toBeGreaterThan(critical(2));
  });
});

describe('effectiveWeights: tiers and unlock-after-N at the boundaries', () => {
  const table = [
    prize('a', 5, {
      tiers: [
        { fromDraw: 3, weight: 20 },
        { fromDraw: 10, weight: 50 },
      ],
    }),
    prize('b', 7, { unlockAfterDraws: 5 }),
    prize('c', 4, { tiers: [{ fromDraw: 2, weight: 9 }], unlockAfterDraws: 4 }),
    prize('thanks', 100, { consolation: true }),
  ];
  const weightsAt = (i: number) => effectiveWeights(table, i).weights.map((w) => w.weight);

  it('uses the base weight before the first tier and the tier from its fromDraw on', () => {
    expect(weightsAt(0)[0]).toBe(5);
    expect(weightsAt(2)[0]).toBe(5);
    expect(weightsAt(3)[0]).toBe(20);
    expect(weightsAt(9)[0]).toBe(20);
    expect(weightsAt(10)[0]).toBe(50);
    expect(weightsAt(1000)[0]).toBe(50);
  });

  it('keeps a prize at 0 until the user has made unlockAfterDraws draws', () => {
    expect(weightsAt(0)[1]).toBe(0);
    expect(weightsAt(4)[1]).toBe(0);
    expect(weightsAt(5)[1]).toBe(7);
  });

  it('applies the lock over a tier that would already be active', () => {
    expect(weightsAt(2)[2]).toBe(0);
    expect(weightsAt(3)[2]).toBe(0);
    expect(weightsAt(4)[2]).toBe(9);
  });

  it('returns table order and the total', () => {
    const { weights, total } = effectiveWeights(table, 5);
    expect(weights).toEqual([
      { id: 'a', weight: 20 },
      { id: 'b', weight: 7 },
      { id: 'c', weight: 9 },
      { id: 'thanks', weight: 100 },
    ]);
    expect(total).toBe(136);
  });

  it('finds the greatest fromDraw even in an unsorted tier list', () => {
    const unsorted = [
      prize('x', 1, {
        tiers: [
          { fromDraw: 8, weight: 80 },
          { fromDraw: 2, weight: 20 },
        ],
      }),
    ];
    expect(effectiveWeights(unsorted, 9).weights[0]?.weight).toBe(80);
    expect(effectiveWeights(unsorted, 3).weights[0]?.weight).toBe(20);
  });

  it('refuses a negative or fractional draw index', () => {
    expect(() => effectiveWeights(table, -1)).toThrow(RangeError);
    expect(() => effectiveWeights(table, 1.5)).toThrow(RangeError);
  });
});

describe('pickPrize', () => {
  const table = [prize('a', 2), prize('b', 0), prize('c', 3, { consolation: true })];

  it('maps each roll to the prize whose cumulative interval contains it', () => {
    expect([0, 1, 2, 3, 4].map((roll) => pickPrize(table, 0, roll))).toEqual(['a', 'a', 'c', 'c', 'c']);
  });

  it('refuses rolls outside [0, total)', () => {
    for (const roll of [-1, 5, 1.5, Number.NaN]) {
      expect(() => pickPrize(table, 0, roll)).toThrow(RangeError);
    }
  });
});

describe('drawOutcome', () => {
  const base = { seedHex: SEED, userId: 'u1', drawIndex: 0 };

  it('awards the picked prize when it is available, consistently with rollFor and pickPrize', () => {
    const table = [prize('a', 3), prize('b', 5), prize('thanks', 2, { consolation: true })];
    for (let i = 0; i < 50; i++) {
      const outcome = drawOutcome({ ...base, prizes: table, drawNonce: `k${i}`, isAvailable: () => true });
      const { roll, rollHex } = rollFor(SEED, 'u1', `k${i}`, 10);
      expect(outcome).toEqual({
        pickedPrizeId: pickPrize(table, 0, roll),
        awardedPrizeId: pickPrize(table, 0, roll),
        fallbackReason: null,
        roll,
        total: 10,
        rollHex,
      });
    }
  });

  it('falls back to the consolation prize when the pick is unavailable, keeping the pick on record', () => {
    // Only "phone" has weight, so every draw picks it; the consolation prize carries weight 0 here.
    const table = [prize('phone', 1), prize('thanks', 0, { consolation: true })];
    const asked: string[] = [];
    const outcome = drawOutcome({
      ...base,
      prizes: table,
      drawNonce: 'x1',
      isAvailable: (id) => {
        asked.push(id);
        return false;
      },
    });
    expect(asked).toEqual(['phone']);
    expect(outcome.pickedPrizeId).toBe('phone');
    expect(outcome.awardedPrizeId).toBe('thanks');
    expect(outcome.fallbackReason).toBe('unavailable');
  });

  it('never asks about the consolation prize: it is always awardable', () => {
    const table = [prize('phone', 0), prize('thanks', 1, { consolation: true })];
    const outcome = drawOutcome({
      ...base,
      prizes: table,
      drawNonce: 'x2',
      isAvailable: () => {
        throw new Error('must not be called');
      },
    });
    expect(outcome).toMatchObject({ pickedPrizeId: 'thanks', awardedPrizeId: 'thanks', fallbackReason: null });
  });

  it('sold out: stock never goes below zero and only moves mass to the consolation prize', () => {
    const table = [prize('phone', 50), prize('cup', 50), prize('thanks', 0, { consolation: true })];
    const stock = new Map([
      ['phone', 3],
      ['cup', 1000],
    ]);
    let phonePicked = 0;
    const awarded = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const outcome = drawOutcome({
        ...base,
        prizes: table,
        drawNonce: `s${i}`,
        isAvailable: (id) => (stock.get(id) ?? 0) > 0,
      });
      if (outcome.pickedPrizeId === 'phone') phonePicked++;
      const left = stock.get(outcome.awardedPrizeId);
      if (left !== undefined) stock.set(outcome.awardedPrizeId, left - 1);
      awarded.set(outcome.awardedPrizeId, (awarded.get(outcome.awardedPrizeId) ?? 0) + 1);
      if (outcome.fallbackReason === 'unavailable') expect(outcome.awardedPrizeId).toBe('thanks');
    }
    expect(awarded.get('phone')).toBe(3);
    expect(stock.get('phone')).toBe(0);
    // Every phone pick beyond stock became a consolation award; cup draws were never affected.
    expect(awarded.get('thanks')).toBe(phonePicked - 3);
    expect((awarded.get('cup') ?? 0) + phonePicked).toBe(400);
  });

  it('per-user cap through the same callback: a capped prize falls back for that user only', () => {
    const table = [prize('voucher', 1), prize('thanks', 0, { consolation: true })];
    const cap = 2;
    const wonBy = new Map<string, number>();
    for (const userId of ['alice', 'bob']) {
      for (let drawIndex = 0; drawIndex < 4; drawIndex++) {
        const outcome = drawOutcome({
          prizes: table,
          seedHex: SEED,
          userId,
          drawIndex,
          drawNonce: `d${drawIndex}`,
          isAvailable: () => (wonBy.get(userId) ?? 0) < cap,
        });
        if (outcome.awardedPrizeId === 'voucher') wonBy.set(userId, (wonBy.get(userId) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(wonBy)).toEqual({ alice: 2, bob: 2 });
  });

  it('refuses an invalid table and bad inputs', () => {
    const noConsolation = [prize('a', 1)];
    expect(() => drawOutcome({ ...base, prizes: noConsolation, drawNonce: 'n', isAvailable: () => true })).toThrow(
      PrizeTableError,
    );
    const table = [prize('a', 1), prize('thanks', 1, { consolation: true })];
    expect(() => drawOutcome({ ...base, prizes: table, drawNonce: 'a:b', isAvailable: () => true })).toThrow(
      RangeError,
    );
    expect(() =>
      drawOutcome({ ...base, prizes: table, drawIndex: -1, drawNonce: 'n', isAvailable: () => true }),
    ).toThrow(RangeError);
    expect(() =>
      drawOutcome({ ...base, prizes: table, seedHex: 'abc', drawNonce: 'n', isAvailable: () => true }),
    ).toThrow(RangeError);
  });
});

describe('validatePrizeTable', () => {
  const valid = [
    prize('a', 5, {
      tiers: [
        { fromDraw: 2, weight: 8 },
        { fromDraw: 6, weight: 1 },
      ],
    }),
    prize('b', 0, { unlockAfterDraws: 3 }),
    prize('thanks', 10, { consolation: true }),
  ];
  const codes = (prizes: PrizeConfig[]) => validatePrizeTable(prizes).map((p) => p.code);

  it('accepts a valid table', () => {
    expect(validatePrizeTable(valid)).toEqual([]);
  });

  it('reports a missing consolation prize and more than one', () => {
    expect(codes([prize('a', 1)])).toEqual(['no-consolation']);
    const two = validatePrizeTable([prize('a', 1, { consolation: true }), prize('b', 1, { consolation: true })]);
    expect(two.map((p) => p.code)).toEqual(['multiple-consolation']);
    expect(two[0]?.message).toContain('a, b');
  });

  it('reports negative, fractional and non-finite weights, base or tier, naming the prize', () => {
    const problems = validatePrizeTable([
      prize('neg', -1),
      prize('frac', 1.5),
      prize('nan', Number.NaN),
      prize('tier', 1, { tiers: [{ fromDraw: 1, weight: -3 }] }),
      prize('thanks', 1, { consolation: true }),
    ]);
    expect(problems.map((p) => [p.code, p.prizeId])).toEqual([
      ['invalid-weight', 'neg'],
      ['invalid-weight', 'frac'],
      ['invalid-weight', 'nan'],
      ['invalid-weight', 'tier'],
    ]);
  });

  it('reports a total weight of 0 at draw index 0', () => {
    const problems = validatePrizeTable([prize('a', 0), prize('thanks', 0, { consolation: true })]);
    expect(problems.map((p) => p.code)).toEqual(['zero-total']);
    expect(problems[0]?.message).toContain('draw index 0');
  });

  it('also reports a total of 0 that only a later tier or lock creates', () => {
    const problems = validatePrizeTable([
      prize('a', 4, { tiers: [{ fromDraw: 7, weight: 0 }] }),
      prize('thanks', 0, { consolation: true }),
    ]);
    expect(problems.map((p) => p.code)).toEqual(['zero-total']);
    expect(problems[0]?.message).toContain('draw index 7');
  });

  it('reports duplicate and empty ids', () => {
    expect(codes([prize('a', 1), prize('a', 2), prize('thanks', 1, { consolation: true })])).toEqual(['duplicate-id']);
    expect(codes([prize('', 1), prize('thanks', 1, { consolation: true })])).toEqual(['empty-id']);
  });

  it('reports unsorted tiers and duplicate fromDraw', () => {
    const unsorted = prize('a', 1, {
      tiers: [
        { fromDraw: 5, weight: 2 },
        { fromDraw: 3, weight: 2 },
      ],
    });
    const duplicate = prize('b', 1, {
      tiers: [
        { fromDraw: 4, weight: 2 },
        { fromDraw: 4, weight: 3 },
      ],
    });
    const problems = validatePrizeTable([unsorted, duplicate, prize('thanks', 1, { consolation: true })]);
    expect(problems.map((p) => [p.code, p.prizeId])).toEqual([
      ['tiers-unsorted', 'a'],
      ['duplicate-from-draw', 'b'],
    ]);
  });

  it('reports invalid fromDraw and unlockAfterDraws values', () => {
    expect(
      codes([
        prize('a', 1, { tiers: [{ fromDraw: -1, weight: 1 }] }),
        prize('b', 1, { unlockAfterDraws: 2.5 }),
        prize('thanks', 1, { consolation: true }),
      ]),
    ).toEqual(['invalid-from-draw', 'invalid-unlock']);
  });

  it('reports an empty table and a total too large to draw exactly', () => {
    expect(codes([])).toEqual(['empty-table']);
    expect(codes([prize('a', 2 ** 52), prize('thanks', 2 ** 52, { consolation: true })])).toEqual(['total-too-large']);
  });

  it('lists every problem at once', () => {
    expect(codes([prize('a', -1), prize('a', 1)])).toEqual(['invalid-weight', 'duplicate-id', 'no-consolation']);
  });

  it('consolationPrizeId finds the one consolation prize or throws', () => {
    expect(consolationPrizeId(valid)).toBe('thanks');
    expect(() => consolationPrizeId([prize('a', 1)])).toThrow(PrizeTableError);
  });
});

describe('verifyDraws', () => {
  const table = [
    prize('phone', 20, { tiers: [{ fromDraw: 2, weight: 120 }] }),
    prize('cup', 30, { unlockAfterDraws: 1 }),
    prize('coupon', 100),
    prize('thanks', 150, { consolation: true }),
  ];
  const COMMITMENT = commitment(SEED);

  /** Honest records produced by the engine itself: 6 users × 5 draws, phone stock 2 so some draws fall back. */
  function honestDraws(): DrawRecord[] {
    const stock = new Map([['phone', 2]]);
    const draws: DrawRecord[] = [];
    for (let u = 0; u < 6; u++) {
      for (let drawIndex = 0; drawIndex < 5; drawIndex++) {
        const userId = `user${u}`;
        const drawNonce = `${u}-${drawIndex}-nonce`;
        const outcome = drawOutcome({
          prizes: table,
          drawIndex,
          seedHex: SEED,
          userId,
          drawNonce,
          isAvailable: (id) => (stock.get(id) ?? 1) > 0,
        });
        const left = stock.get(outcome.awardedPrizeId);
        if (left !== undefined) stock.set(outcome.awardedPrizeId, left - 1);
        draws.push({
          id: draws.length + 1,
          userId,
          drawNonce,
          drawIndex,
          pickedPrizeId: outcome.pickedPrizeId,
          awardedPrizeId: outcome.awardedPrizeId,
          fallbackReason: outcome.fallbackReason,
          rollHex: outcome.rollHex,
        });
      }
    }
    return draws;
  }

  const verify = (draws: DrawRecord[], overrides: { seedHex?: string; commitment?: string; complete?: boolean } = {}) =>
    verifyDraws({ seedHex: SEED, commitment: COMMITMENT, prizes: table, draws, ...overrides });

  /** Index of the first record matching `predicate`; fails the test if the fixture lacks such a record. */
  function indexWhere(draws: DrawRecord[], predicate: (d: DrawRecord) => boolean): number {
    const index = draws.findIndex(predicate);
    expect(index, 'fixture lacks the record this test needs').toBeGreaterThanOrEqual(0);
    return index;
  }

  function tamper(mutate: (draws: DrawRecord[]) => void): DrawRecord[] {
    const draws = structuredClone(honestDraws());
    mutate(draws);
    return draws;
  }

  const at = (draws: DrawRecord[], index: number): DrawRecord => {
    const draw = draws[index];
    if (!draw) throw new Error(`no draw at ${index}`);
    return draw;
  };

  it('passes honest records, including fallbacks and tiered indexes', () => {
    const draws = honestDraws();
    expect(draws.some((d) => d.fallbackReason === 'unavailable')).toBe(true);
    expect(draws.some((d) => d.awardedPrizeId === 'phone')).toBe(true);
    expect(draws.some((d) => d.awardedPrizeId === 'cup')).toBe(true);
    expect(verify(draws)).toEqual({ ok: true, commitmentOk: true, checked: 30, mismatches: [], tableProblems: [] });
  });

  it('accepts upper-case hex in the commitment and rollHex', () => {
    const draws = honestDraws().map((d) => ({ ...d, rollHex: d.rollHex.toUpperCase() }));
    expect(verify(draws, { commitment: COMMITMENT.toUpperCase() }).ok).toBe(true);
  });

  it('catches a changed awarded prize', () => {
    let target = 0;
    const draws = tamper((ds) => {
      target = indexWhere(ds, (d) => d.fallbackReason === null && d.awardedPrizeId === 'thanks');
      at(ds, target).awardedPrizeId = 'phone';
    });
    const result = verify(draws);
    expect(result.ok).toBe(false);
    expect(result.commitmentOk).toBe(true);
    expect(result.mismatches).toEqual([
      { drawId: at(draws, target).id, reason: 'awarded-mismatch', detail: expect.any(String) },
    ]);
  });

  it('catches a fallback claimed without a reason', () => {
    let target = 0;
    const draws = tamper((ds) => {
      target = indexWhere(ds, (d) => d.fallbackReason === null && d.pickedPrizeId !== 'thanks');
      at(ds, target).awardedPrizeId = 'thanks';
    });
    expect(verify(draws).mismatches.map((m) => [m.drawId, m.reason])).toEqual([
      [at(draws, target).id, 'awarded-mismatch'],
    ]);
  });

  it('catches a fallback that awards something other than the consolation prize', () => {
    let target = 0;
    const draws = tamper((ds) => {
      target = indexWhere(ds, (d) => d.fallbackReason === 'unavailable');
      at(ds, target).awardedPrizeId = 'coupon';
    });
    expect(verify(draws).mismatches.map((m) => [m.drawId, m.reason])).toEqual([
      [at(draws, target).id, 'fallback-not-consolation'],
    ]);
  });

  it('catches a fallback recorded on a consolation pick and an unknown fallback reason', () => {
    let consolationPick = 0;
    let other = 0;
    const draws = tamper((ds) => {
      consolationPick = indexWhere(ds, (d) => d.pickedPrizeId === 'thanks');
      at(ds, consolationPick).fallbackReason = 'unavailable';
      other = indexWhere(ds, (d) => d.pickedPrizeId === 'coupon');
      at(ds, other).fallbackReason = 'operator-choice';
    });
    expect(verify(draws).mismatches.map((m) => [m.drawId, m.reason])).toEqual(
      [
        [at(draws, consolationPick).id, 'fallback-from-consolation'],
        [at(draws, other).id, 'unknown-fallback-reason'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it('catches a changed nonce (a re-roll)', () => {
    const draws = tamper((ds) => {
      at(ds, 7).drawNonce = 'replacement-nonce';
    });
    const result = verify(draws);
    expect(result.ok).toBe(false);
    expect(result.mismatches.filter((m) => m.drawId === at(draws, 7).id).map((m) => m.reason)).toContain(
      'roll-mismatch',
    );
    expect(result.mismatches.every((m) => m.drawId === at(draws, 7).id)).toBe(true);
  });

  it('catches a changed rollHex', () => {
    const draws = tamper((ds) => {
      const d = at(ds, 3);
      d.rollHex = `${d.rollHex.slice(0, -1)}${d.rollHex.endsWith('0') ? '1' : '0'}`;
    });
    expect(verify(draws).mismatches.map((m) => [m.drawId, m.reason])).toEqual([[at(draws, 3).id, 'roll-mismatch']]);
  });

  it('catches a changed picked prize', () => {
    let target = 0;
    const draws = tamper((ds) => {
      target = indexWhere(ds, (d) => d.pickedPrizeId === 'coupon' && d.fallbackReason === null);
      at(ds, target).pickedPrizeId = 'phone';
      at(ds, target).awardedPrizeId = 'phone';
    });
    expect(verify(draws).mismatches.map((m) => m.reason)).toEqual(['picked-mismatch', 'awarded-mismatch']);
  });

  it('catches a wrong seed: the commitment fails and the rolls do not recompute', () => {
    const result = verify(honestDraws(), { seedHex: OTHER_SEED });
    expect(result.ok).toBe(false);
    expect(result.commitmentOk).toBe(false);
    expect(result.checked).toBe(30);
    expect(result.mismatches.filter((m) => m.reason === 'roll-mismatch')).toHaveLength(30);
  });

  it('catches a wrong commitment even when every draw recomputes', () => {
    const result = verify(honestDraws(), { commitment: commitment(OTHER_SEED) });
    expect(result).toMatchObject({ ok: false, commitmentOk: false, checked: 30, mismatches: [] });
  });

  it('reports a malformed seed without throwing', () => {
    expect(verify(honestDraws(), { seedHex: 'not-a-seed' })).toMatchObject({
      ok: false,
      commitmentOk: false,
      checked: 0,
    });
  });

  it('catches a deleted draw (gap) and a duplicated draw (reused nonce and index)', () => {
    const deleted = tamper((ds) => {
      ds.splice(2, 1); // user0, draw index 2
    });
    expect(verify(deleted).mismatches.map((m) => [m.drawId, m.reason])).toEqual([[4, 'draw-index-gap']]);

    const duplicated = tamper((ds) => {
      ds.push({ ...at(ds, 0), id: 999 });
    });
    expect(
      verify(duplicated)
        .mismatches.map((m) => [m.drawId, m.reason])
        .sort(),
    ).toEqual([
      [999, 'draw-index-duplicate'],
      [999, 'nonce-reused'],
    ]);
  });

  it('skips the sequence check for a partial export when told so', () => {
    const subset = honestDraws().filter((d) => d.drawIndex !== 1);
    expect(verify(subset).ok).toBe(false);
    expect(verify(subset, { complete: false }).ok).toBe(true);
  });

  it('reports malformed records instead of throwing', () => {
    const draws = tamper((ds) => {
      at(ds, 0).drawNonce = 'a:b';
      at(ds, 1).drawIndex = -2;
    });
    const reasons = verify(draws, { complete: false }).mismatches.map((m) => [m.drawId, m.reason]);
    expect(reasons).toEqual([
      [1, 'invalid-record'],
      [2, 'invalid-record'],
    ]);
  });

  it('reports an invalid prize table instead of recomputing against it', () => {
    const result = verifyDraws({
      seedHex: SEED,
      commitment: COMMITMENT,
      prizes: table.map((p) => ({ ...p, consolation: false })),
      draws: honestDraws(),
    });
    expect(result.ok).toBe(false);
    expect(result.tableProblems.map((p) => p.code)).toEqual(['no-consolation']);
  });
});
