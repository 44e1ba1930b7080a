import type { Step, TxExec } from '../db/tx';

// What the activity module provides of a campaign's stock, declared once: the draw, growth, the season,
// stats, alerts and the reconciliation are handed it by services.ts and import these types (modules never
// import each other).

/** A campaign's stock left per prize, stock buckets included (modules/activity stock). */
export interface StockLeftPort {
  stockLeft(corpId: string, actId: string): Promise<{ prizeId: string; left: number | null }[]>;
}

/** Takes one unit of a prize's stock, a step of the caller's transaction: false when none is left. */
export interface TakeStockPort {
  takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean>;
}
