import type { Simulation } from '@campaign/contract';
import type { DrawEnginePort, LabPrize } from './ports';

// The budget simulation (docs/decisions/0345-simulation.md). Each simulated draw is picked by the draw
// engine's own rule chain and pick (`effectiveWeights` + `pickFromWeights`, handed over as a port), with a
// uniform roll from the injected random source; a pick whose stock is gone falls back to the consolation
// prize exactly as a real draw does. The rolls are not the HMAC of a seed: a simulation proves nothing to
// a customer, and one HMAC per draw would not fit 1,000,000 draws into 2 s.

export interface SimulationInput {
  prizes: readonly LabPrize[];
  draws: number;
  days: number;
  /** Relative traffic per day; flat when absent. */
  curve?: readonly number[];
  /** A customer's draws in the campaign (the rule chain's draw index runs 0 … this − 1). */
  drawsPerCustomer: number;
  budgetCents?: number;
}

/** Replicates of the prize counts behind `overBudgetChance`. */
const BUDGET_REPLICATES = 4000;
/** Draw indexes beyond this are simulated at this index (tiers rarely go further). */
const MAX_DRAW_INDEX = 1000;
const ROLL_CHUNK = 1 << 16;
const TWO_POW_32 = 2 ** 32;

/** Splits `total` draws over the days in proportion to the curve; the remainder goes to the largest parts. */
export function spreadOverDays(total: number, days: number, curve?: readonly number[]): number[] {
  const weights = Array.from({ length: days }, (_, d) => Math.max(0, curve?.[d] ?? 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? (total * w) / sum : total / days));
  const out = shares.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = shares.map((s, d) => ({ d, frac: s - Math.floor(s) })).sort((a, b) => b.frac - a.frac);
  for (let i = 0; left > 0; i = (i + 1) % days, left--) out[order[i]?.d ?? 0] = (out[order[i]?.d ?? 0] ?? 0) + 1;
  return out;
}

/** Σ value × stock of the prizes that have a stock: what the campaign can pay at most from them. */
export function exposureCents(prizes: readonly LabPrize[]): number {
  return prizes.reduce((s, p) => s + (p.stock === null ? 0 : p.valueCents * p.stock), 0);
}

/** A paced prize's units one simulated day releases (an hourly schedule: 24 releases). */
const unitsPerDay = (r: NonNullable<LabPrize['release']>) => r.units * (r.every === 'hour' ? 24 : 1);

/**
 * A day's release for each paced prize (ADR 0063): with rollover added to what is left of earlier days, without it
 * the day's units alone; never more than the stock left.
 */
function release(prizes: readonly LabPrize[], stockLeft: number[], available: number[]) {
  prizes.forEach((p, i) => {
    if (!p.release || p.consolation || p.stock === null) return;
    const fresh = unitsPerDay(p.release);
    available[i] = Math.min(stockLeft[i] ?? 0, p.release.rollover ? (available[i] ?? 0) + fresh : fresh);
  });
}

export function simulate(
  engine: DrawEnginePort,
  input: SimulationInput,
  randomBytes: (n: number) => Buffer,
): Omit<Simulation, 'elapsedMs'> {
  const { prizes, draws, days } = input;
  const consolation = engine.consolationPrizeId(prizes);
  const index = new Map(prizes.map((p, i) => [p.id, i]));
  const consolationAt = index.get(consolation) ?? 0;
  const perCustomer = Math.max(1, Math.min(MAX_DRAW_INDEX, input.drawsPerCustomer));
  // The weights change only at tier and unlock points: one table per draw index a customer reaches.
  const tables = Array.from({ length: perCustomer }, (_, i) => engine.effectiveWeights(prizes, i));
  const stockLeft = prizes.map((p) => (p.consolation || p.stock === null ? Number.POSITIVE_INFINITY : p.stock));
  const picked = new Array<number>(prizes.length).fill(0);
  const won = new Array<number>(prizes.length).fill(0);
  const runOutDay: (number | null)[] = prizes.map(() => null);
  // What a paced prize has released and not given (others: all of their stock), and the days its release ran out.
  const available = prizes.map((p, i) => (p.release ? 0 : (stockLeft[i] ?? 0)));
  const pacedOutDays = prizes.map(() => 0);
  const drawsPerDay = spreadOverDays(draws, days, input.curve);
  const payoutPerDayCents = new Array<number>(days).fill(0);

  let rolls: Uint32Array = new Uint32Array(0);
  let at = rolls.length;
  const nextUnit = (): number => {
    if (at + 2 > rolls.length) {
      const bytes = randomBytes(ROLL_CHUNK * 8);
      rolls = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
      at = 0;
    }
    const hi = rolls[at++] ?? 0;
    const lo = rolls[at++] ?? 0;
    // 53 random bits in [0, 1).
    return ((hi >>> 5) * 67108864 + (lo >>> 6)) / 9007199254740992;
  };

  let n = 0;
  for (let day = 0; day < days; day++) {
    let paid = 0;
    release(prizes, stockLeft, available);
    for (let k = drawsPerDay[day] ?? 0; k > 0; k--, n++) {
      const table = tables[n % perCustomer] ?? tables[0];
      if (!table) break;
      const roll = Math.floor(nextUnit() * table.total);
      const pickId = engine.pickFromWeights(table, roll);
      const p = index.get(pickId) ?? consolationAt;
      picked[p] = (picked[p] ?? 0) + 1;
      // As a real draw: an unavailable pick moves to the consolation prize, never a re-roll.
      const award = (available[p] ?? 0) > 0 ? p : consolationAt;
      const left = (stockLeft[award] ?? 0) - 1;
      stockLeft[award] = left;
      const now = (available[award] ?? 0) - 1;
      available[award] = now;
      if (now === 0 && left > 0) pacedOutDays[award] = (pacedOutDays[award] ?? 0) + 1;
      won[award] = (won[award] ?? 0) + 1;
      paid += prizes[award]?.valueCents ?? 0;
      if (left === 0 && runOutDay[award] === null) runOutDay[award] = day + 1;
    }
    payoutPerDayCents[day] = paid;
  }
  const budgetCents = input.budgetCents ?? exposureCents(prizes);
  return {
    drawsPerDay,
    payoutPerDayCents,
    totalPayoutCents: payoutPerDayCents.reduce((a, b) => a + b, 0),
    runOut: prizes.map((p, i) => ({
      prizeId: p.id,
      name: p.name,
      won: won[i] ?? 0,
      day: runOutDay[i] ?? null,
      ...(p.release ? { pacedOutDays: pacedOutDays[i] ?? 0 } : {}),
    })),
    budgetCents,
    overBudgetChance: overBudgetChance(prizes, picked, draws, budgetCents, randomBytes),
  };
}

/**
 * The chance that the payout exceeds the budget: the prize counts of many whole campaigns, each count
 * drawn around the simulated pick rate (normal approximation of the binomial), capped by its stock, priced
 * and summed; the share of campaigns above the budget.
 */
function overBudgetChance(
  prizes: readonly LabPrize[],
  picked: readonly number[],
  draws: number,
  budgetCents: number,
  randomBytes: (n: number) => Buffer,
): number {
  const bytes = randomBytes(BUDGET_REPLICATES * prizes.length * 8);
  const u = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  let over = 0;
  let j = 0;
  for (let r = 0; r < BUDGET_REPLICATES; r++) {
    let total = 0;
    for (let i = 0; i < prizes.length; i++, j += 2) {
      const prize = prizes[i];
      if (!prize || prize.valueCents === 0) continue;
      const rate = (picked[i] ?? 0) / draws;
      // Box–Muller from two uniforms in (0, 1].
      const u1 = ((u[j] ?? 0) + 1) / TWO_POW_32;
      const u2 = (u[j + 1] ?? 0) / TWO_POW_32;
      const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      const count = Math.max(0, Math.round(draws * rate + z * Math.sqrt(draws * rate * (1 - rate))));
      total += Math.min(count, prize.stock ?? Number.POSITIVE_INFINITY) * prize.valueCents;
    }
    if (total > budgetCents) over++;
  }
  return over / BUDGET_REPLICATES;
}
