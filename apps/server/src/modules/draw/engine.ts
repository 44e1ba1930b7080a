import { rollFor } from './fairness';

/**
 * The pure core of a prize draw (issue 4 §2–§4): the prize table with its rule chain, the pick, the
 * sold-out fallback and the after-the-fact verification.
 *
 * Why it is shaped like this: the probability of each prize must be exactly its published (effective)
 * weight / total, and any draw must be recomputable from public data. So the pick depends only on the
 * table, the user's draw index and the committed HMAC roll; stock and caps are consulted only AFTER the
 * pick, and an unavailable pick moves that draw to the consolation prize instead of re-rolling (a re-roll
 * would silently shift probability onto the other prizes and make the record unverifiable).
 *
 * No database, clock or Math.random here: the service passes everything in, and the verifier runs the
 * very same functions, so drawing and verifying cannot drift apart.
 */

export interface PrizeTier {
  /** This tier applies from the user's draw index `fromDraw` (0-based) until the next tier. */
  fromDraw: number;
  weight: number;
}

export interface PrizeConfig {
  id: string;
  /** Base weight, used before the first tier applies. Integer ≥ 0. */
  weight: number;
  /** Weight tiers by the user's draw count, sorted by strictly increasing `fromDraw`. */
  tiers: readonly PrizeTier[];
  /** When set, the prize has weight 0 until the user has made this many draws in the activity. */
  unlockAfterDraws: number | null;
  /** Exactly one prize is the consolation ("thanks") prize: the fallback when a pick is unavailable. */
  consolation: boolean;
}

export interface PrizeWeight {
  id: string;
  weight: number;
}

export interface EffectiveWeights {
  /** One entry per prize, in table order (the order defines the cumulative intervals). */
  weights: PrizeWeight[];
  total: number;
}

export type FallbackReason = 'unavailable';

export type PrizeTableProblemCode =
  | 'empty-table'
  | 'empty-id'
  | 'duplicate-id'
  | 'no-consolation'
  | 'multiple-consolation'
  | 'invalid-weight'
  | 'invalid-from-draw'
  | 'tiers-unsorted'
  | 'duplicate-from-draw'
  | 'invalid-unlock'
  | 'zero-total'
  | 'total-too-large';

export interface PrizeTableProblem {
  /** Stable code, for mapping to catalogue messages or tests. */
  code: PrizeTableProblemCode;
  /** The prize concerned, or null for a table-wide problem. */
  prizeId: string | null;
  /** Plain-English explanation for operators and the CLI. */
  message: string;
}

/** Thrown by `drawOutcome` for a table that `validatePrizeTable` rejects: never draw from a broken table. */
export class PrizeTableError extends Error {
  readonly problems: readonly PrizeTableProblem[];
  constructor(problems: readonly PrizeTableProblem[]) {
    super(`invalid prize table: ${problems.map((p) => p.message).join('; ')}`);
    this.name = 'PrizeTableError';
    this.problems = problems;
  }
}

export const isNonNegativeInteger = (n: number): boolean => Number.isSafeInteger(n) && n >= 0;

/**
 * Lists every problem in a prize table (empty list = valid). Meant for publication time, so an operator
 * sees all problems at once rather than the first.
 *
 * Beyond the per-field rules it checks the total weight at every draw index where weights can change
 * (0, each tier's `fromDraw`, each `unlockAfterDraws`): weights are constant between those points, so this
 * proves no user can ever reach a draw index with nothing to draw from, not just at index 0.
 */
export function validatePrizeTable(prizes: readonly PrizeConfig[]): PrizeTableProblem[] {
  const problems: PrizeTableProblem[] = [];
  const add = (code: PrizeTableProblemCode, prizeId: string | null, message: string) =>
    problems.push({ code, prizeId, message });

  if (prizes.length === 0) {
    add('empty-table', null, 'the prize table is empty');
    return problems;
  }

  const seen = new Set<string>();
  for (const prize of prizes) checkPrize(prize, seen, add);

  const consolations = prizes.filter((p) => p.consolation);
  if (consolations.length === 0) {
    add('no-consolation', null, 'no prize is marked as the consolation prize; exactly one must be');
  } else if (consolations.length > 1) {
    add(
      'multiple-consolation',
      null,
      `${consolations.length} prizes are marked as consolation (${consolations.map((p) => p.id).join(', ')}); exactly one must be`,
    );
  }

  // Totals are only meaningful once every weight is a valid integer.
  if (
    problems.some((p) => p.code === 'invalid-weight' || p.code === 'invalid-from-draw' || p.code === 'invalid-unlock')
  ) {
    return problems;
  }
  for (const drawIndex of changePoints(prizes)) {
    const { total } = effectiveWeights(prizes, drawIndex);
    if (total === 0) {
      add('zero-total', null, `the total weight is 0 at draw index ${drawIndex}; a user there could not draw`);
    } else if (!Number.isSafeInteger(total)) {
      add('total-too-large', null, `the total weight at draw index ${drawIndex} exceeds ${Number.MAX_SAFE_INTEGER}`);
    }
  }
  return problems;
}

/** One prize's own rules: its id, weight, unlock and tiers. A plain call on the draw's path: no allocation. */
function checkPrize(
  prize: PrizeConfig,
  seen: Set<string>,
  add: (code: PrizeTableProblemCode, prizeId: string | null, message: string) => void,
): void {
  if (prize.id.length === 0) add('empty-id', null, 'a prize has an empty id');
  else if (seen.has(prize.id)) add('duplicate-id', prize.id, `prize id "${prize.id}" appears more than once`);
  seen.add(prize.id);

  if (!isNonNegativeInteger(prize.weight)) {
    add('invalid-weight', prize.id, `prize "${prize.id}" has weight ${prize.weight}; weights are integers ≥ 0`);
  }
  if (prize.unlockAfterDraws !== null && !isNonNegativeInteger(prize.unlockAfterDraws)) {
    add(
      'invalid-unlock',
      prize.id,
      `prize "${prize.id}" unlocks after ${prize.unlockAfterDraws} draws; this must be an integer ≥ 0 or null`,
    );
  }
  let previousFrom: number | null = null;
  for (const tier of prize.tiers) {
    if (!isNonNegativeInteger(tier.fromDraw)) {
      add('invalid-from-draw', prize.id, `prize "${prize.id}" has a tier from draw ${tier.fromDraw}; use integers ≥ 0`);
    }
    if (!isNonNegativeInteger(tier.weight)) {
      add(
        'invalid-weight',
        prize.id,
        `prize "${prize.id}" has tier weight ${tier.weight} (from draw ${tier.fromDraw}); weights are integers ≥ 0`,
      );
    }
    if (previousFrom !== null) {
      if (tier.fromDraw === previousFrom) {
        add('duplicate-from-draw', prize.id, `prize "${prize.id}" has two tiers from draw ${tier.fromDraw}`);
      } else if (tier.fromDraw < previousFrom) {
        add(
          'tiers-unsorted',
          prize.id,
          `prize "${prize.id}" has tiers out of order (${tier.fromDraw} after ${previousFrom})`,
        );
      }
    }
    previousFrom = tier.fromDraw;
  }
}

/** Draw indexes at which some prize's effective weight may change, ascending. */
function changePoints(prizes: readonly PrizeConfig[]): number[] {
  const points = new Set<number>([0]);
  for (const prize of prizes) {
    for (const tier of prize.tiers) points.add(tier.fromDraw);
    if (prize.unlockAfterDraws !== null) points.add(prize.unlockAfterDraws);
  }
  return [...points].sort((a, b) => a - b);
}

/**
 * The rule chain: each prize's weight for a user who has already made `drawIndex` draws in this
 * activity. The tier with the greatest `fromDraw ≤ drawIndex` wins (searched, not assumed sorted, so an
 * unvalidated table cannot pick the wrong tier); otherwise the base weight. A locked prize weighs 0.
 */
export function effectiveWeights(prizes: readonly PrizeConfig[], drawIndex: number): EffectiveWeights {
  assertDrawIndex(drawIndex);
  let total = 0;
  const weights = prizes.map((prize): PrizeWeight => {
    let weight = prize.weight;
    let bestFrom = -1;
    for (const tier of prize.tiers) {
      if (tier.fromDraw <= drawIndex && tier.fromDraw > bestFrom) {
        bestFrom = tier.fromDraw;
        weight = tier.weight;
      }
    }
    if (prize.unlockAfterDraws !== null && drawIndex < prize.unlockAfterDraws) weight = 0;
    total += weight;
    return { id: prize.id, weight };
  });
  return { weights, total };
}

/**
 * The prize whose cumulative-weight interval contains `roll`. Intervals follow table order:
 * prize i owns [w0 + … + w(i-1), w0 + … + wi), so a zero-weight prize owns nothing and is never picked.
 */
export function pickPrize(prizes: readonly PrizeConfig[], drawIndex: number, roll: number): string {
  return pickFromWeights(effectiveWeights(prizes, drawIndex), roll);
}

export function pickFromWeights({ weights, total }: EffectiveWeights, roll: number): string {
  if (!Number.isSafeInteger(roll) || roll < 0 || roll >= total) {
    throw new RangeError(`roll ${roll} is outside [0, ${total})`);
  }
  let upper = 0;
  for (const { id, weight } of weights) {
    upper += weight;
    if (roll < upper) return id;
  }
  // Unreachable when roll < total and weights sum to total.
  throw new RangeError(`roll ${roll} is not covered by the weights`);
}

/** The single consolation prize's id; throws when the table does not have exactly one. */
export function consolationPrizeId(prizes: readonly PrizeConfig[]): string {
  const consolations = prizes.filter((p) => p.consolation);
  const [only] = consolations;
  if (consolations.length !== 1 || only === undefined) {
    throw new PrizeTableError([
      {
        code: 'no-consolation',
        prizeId: null,
        message: `expected exactly one consolation prize, found ${consolations.length}`,
      },
    ]);
  }
  return only.id;
}

export interface DrawInput {
  prizes: readonly PrizeConfig[];
  /** How many draws this user already made in this activity (0-based index of this draw). */
  drawIndex: number;
  /** The activity's secret seed (hex). */
  seedHex: string;
  userId: string | number;
  /** Unique per draw of this user; must not contain ":" (see `drawMessage`). */
  drawNonce: string;
  /**
   * Stock / per-user-cap check for the picked prize. Not consulted for the consolation prize, which is
   * by definition always awardable (give it unlimited stock). The service still does the real
   * conditional decrement in SQL and falls back itself if it loses that race.
   */
  isAvailable: (prizeId: string) => boolean;
}

export interface DrawOutcome {
  /** What the committed roll selected: recomputable by anyone once the seed is revealed. */
  pickedPrizeId: string;
  /** What the user gets: the pick, or the consolation prize when the pick was unavailable. */
  awardedPrizeId: string;
  fallbackReason: FallbackReason | null;
  roll: number;
  total: number;
  rollHex: string;
}

/** Decides one draw. Throws `PrizeTableError` for an invalid table and RangeError for bad inputs. */
export function drawOutcome(input: DrawInput): DrawOutcome {
  const problems = validatePrizeTable(input.prizes);
  if (problems.length > 0) throw new PrizeTableError(problems);
  const effective = effectiveWeights(input.prizes, input.drawIndex);
  const { roll, rollHex } = rollFor(input.seedHex, input.userId, input.drawNonce, effective.total);
  const pickedPrizeId = pickFromWeights(effective, roll);
  const consolationId = consolationPrizeId(input.prizes);
  const available = pickedPrizeId === consolationId || input.isAvailable(pickedPrizeId);
  return {
    pickedPrizeId,
    awardedPrizeId: available ? pickedPrizeId : consolationId,
    fallbackReason: available ? null : 'unavailable',
    roll,
    total: effective.total,
    rollHex,
  };
}

export function assertDrawIndex(drawIndex: number): void {
  if (!isNonNegativeInteger(drawIndex)) throw new RangeError(`drawIndex must be an integer ≥ 0, got ${drawIndex}`);
}
