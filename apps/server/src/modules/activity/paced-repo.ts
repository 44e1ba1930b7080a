import type { Kysely } from 'kysely';
import type { TablesOf } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import { changes, type Step, type TxExec } from '../../db/tx';
import type { StockPace } from '../../platform/stock-port';

const prepared = preparedFor('activity');

// A paced prize's stock (ADR 0063): its units stay on the prize row (never spread into buckets), and the
// draw's one conditional decrement also keeps what has not been released yet.

type PacedKey = { corp: string; act: string; id: string; floor: number };
type Param = <K extends keyof PacedKey>(key: K) => PacedKey[K];

/** One unit off the row while more than `floor` remain (floor: the units not released yet). */
const decrementAbove = (db: Kysely<TablesOf<'activity'>>, p: Param) =>
  db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '-', 1) }))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('id', '=', p('id'))
    .where('left_stock', '>', p('floor'));
const takeAboveQ = prepared<PacedKey, never>((db, p) => decrementAbove(db, p));

/**
 * A unit from the released part of the row. PostgreSQL too waits for the row's lock rather than skipping it: with
 * one row to take from, skipping and trying the draw again in a later batch (LockBusy) cost 4× the CPU a draw
 * under a 10:00 rush (bench:draw with BENCH_PACED); waiting serialises the row's holders as SQLite does.
 */
function* takeAbove(x: TxExec, key: PacedKey): Step<boolean> {
  return (yield* changes(x, takeAboveQ, key)) === 1;
}

type PeriodKey = { corp: string; act: string; id: string; start: number; units: number };

/** Counts one unit into the period while it has given fewer than its units (the row made on its first). */
const countIntoPeriodQ = prepared<PeriodKey, never>((db, p) =>
  db
    .insertInto('prize_release_period')
    .values({ corp_id: p('corp'), act_id: p('act'), prize_id: p('id'), period_start: p('start'), taken: 1 })
    .onConflict((oc) =>
      oc
        .columns(['corp_id', 'act_id', 'prize_id', 'period_start'])
        .doUpdateSet((eb) => ({ taken: eb('prize_release_period.taken', '+', 1) }))
        .where('prize_release_period.taken', '<', p('units')),
    ),
);
const uncountQ = prepared<PeriodKey, never>((db, p) =>
  db
    .updateTable('prize_release_period')
    .set((eb) => ({ taken: eb('taken', '-', 1) }))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('prize_id', '=', p('id'))
    .where('period_start', '=', p('start')),
);

/**
 * The one place a paced prize's stock is taken, inside the draw's transaction. With rollover: a unit while
 * fewer than the released units have been given out. Without: a unit counted into the current period while it
 * has given fewer than its units, and taken from the row (counted back when the row has none).
 */
export function* takePaced(x: TxExec, corpId: string, actId: string, prizeId: string, pace: StockPace): Step<boolean> {
  if (pace.kind === 'rollover')
    return yield* takeAbove(x, { corp: corpId, act: actId, id: prizeId, floor: pace.floor });
  // Nothing released yet (before the start): the period's first row would otherwise count one unit in.
  if (pace.units <= 0) return false;
  const key = { corp: corpId, act: actId, id: prizeId, start: pace.periodStart, units: pace.units };
  if ((yield* changes(x, countIntoPeriodQ, key)) !== 1) return false;
  if (yield* takeAbove(x, { corp: corpId, act: actId, id: prizeId, floor: 0 })) return true;
  yield* changes(x, uncountQ, key);
  return false;
}

const periodTakenQ = prepared<Omit<PeriodKey, 'units'>, { taken: number }>((db, p) =>
  db
    .selectFrom('prize_release_period')
    .select('taken')
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('prize_id', '=', p('id'))
    .where('period_start', '=', p('start')),
);

/** What the current period of a schedule without rollover has given out. */
export async function periodTaken(
  db: Kysely<TablesOf<'activity'>>,
  corpId: string,
  actId: string,
  prizeId: string,
  start: number,
): Promise<number> {
  const { rows: found } = await periodTakenQ(db, { corp: corpId, act: actId, id: prizeId, start });
  return found[0]?.taken ?? 0;
}
