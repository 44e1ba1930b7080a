import type { Step, TxExec } from '../db/tx';

// What the activity module provides of a campaign's stock, declared once: the draw, growth, the season,
// stats, alerts and the reconciliation are handed it by services.ts and import these types (modules never
// import each other).

/** A campaign's stock left per prize, stock buckets included (modules/activity stock). */
export interface StockLeftPort {
  stockLeft(corpId: string, actId: string): Promise<{ prizeId: string; left: number | null }[]>;
}

/**
 * How a paced prize's stock may be taken now (issue 37, ADR 0063): with rollover, while more than `floor` units
 * (those not released yet) remain; without, while the period that started at `periodStart` has given fewer
 * than its `units`.
 */
export type StockPace = { kind: 'rollover'; floor: number } | { kind: 'period'; periodStart: number; units: number };

/** What the current period of a schedule without rollover has given out (ADR 0063). */
export interface PacedStockPort {
  periodTaken(corpId: string, actId: string, prizeId: string, periodStart: number): Promise<number>;
}

/** Takes one unit of a prize's stock, a step of the caller's transaction: false when none is left. */
export interface TakeStockPort {
  takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean>;
  /** The same for a prize released on a schedule: only from what has been released. */
  takePaced(x: TxExec, corpId: string, actId: string, prizeId: string, pace: StockPace): Step<boolean>;
}
