import { type Own, own, type PortTx } from '../../db/owners';
import { type Step, stepsIn, type TxExec } from '../../db/tx';
import type { ServiceDeps } from '../../platform/services';
import type { StockPace } from '../../platform/stock-port';
import { periodTaken, takePaced } from './paced-repo';
import * as repo from './repo';

/**
 * Most rows one prize's stock is split into on PostgreSQL (ADR 0052): more than the batches that can hold
 * one at once across the nodes, so a draw seldom finds every row with stock held (8 was too few once
 * batches ran pipelined: a third of the batches met a held stock and ran again one unit at a time).
 */
const STOCK_BUCKETS = 32;

/**
 * PostgreSQL: a prize's stock in a few rows, so simultaneous draws do not queue on one (ADR 0052). SQLite
 * has one writer at a time: nothing to spread. Publication spreads and gathers; the draw takes.
 */
export function stockBuckets(deps: ServiceDeps<'activity'>) {
  const maxBuckets = deps.database.kind === 'postgres' ? STOCK_BUCKETS : 0;
  return {
    maxBuckets,
    async spread(
      ex: Own<'activity'>,
      rows: { act_id: string; corp_id: string; id: string; left_stock: number | null; release: string | null }[],
    ) {
      for (const p of rows) {
        // A paced prize's stock stays on its row: the draw's condition reads what has been released there.
        if (p.release) continue;
        const n = p.left_stock === null ? 0 : repo.bucketCount(p.left_stock, maxBuckets);
        if (n >= 2) await repo.spreadStock(ex, p.corp_id, p.act_id, p.id, p.left_stock ?? 0, n);
      }
    },
  };
}

/** Prize stock: taken by a draw or a season's band, given back by a declined held award. */
export function createStock(deps: ServiceDeps<'activity'>) {
  const db = deps.database.db;
  return {
    /** The one place stock is taken, inside the caller's transaction: never below zero. */
    takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean> {
      return repo.takeStock(x, corpId, actId, prizeId);
    },

    /** A paced prize's unit (ADR 0063): only from what its schedule has released. */
    takePaced(x: TxExec, corpId: string, actId: string, prizeId: string, pace: StockPace): Step<boolean> {
      return takePaced(x, corpId, actId, prizeId, pace);
    },

    /** A declined held award's unit goes back to its prize, in the decision's transaction. */
    returnStock(tx: PortTx, corpId: string, actId: string, prizeId: string): Promise<void> {
      return repo.returnStock(own('activity', tx), corpId, actId, prizeId);
    },

    /** One unit taken again in the caller's Kysely transaction (a reviewer's return reversed, ADR 0393). */
    takeStockIn(tx: PortTx, corpId: string, actId: string, prizeId: string): Promise<boolean> {
      if (deps.database.kind === 'sqlite') return repo.takeRowStock(own('activity', tx), corpId, actId, prizeId);
      return stepsIn(tx, (x) => repo.takeStock(x, corpId, actId, prizeId));
    },

    periodTaken(corpId: string, actId: string, prizeId: string, periodStart: number): Promise<number> {
      return periodTaken(db, corpId, actId, prizeId, periodStart);
    },

    async stockLeft(corpId: string, actId: string) {
      return (await repo.stockLeft(db, corpId, actId)).map((s) => ({ prizeId: s.id, left: s.left_stock }));
    },
  };
}
export type ActivityStock = ReturnType<typeof createStock>;
