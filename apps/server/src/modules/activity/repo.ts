import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Own, TablesOf } from '../../db/owners';
import { LockBusy } from '../../db/pg-group-commit';
import { preparedFor } from '../../db/prepared';
import type { ActivityGroupTable, ActivityTable, PrizeTable_ } from '../../db/schema';
import { changes, rows, type Step, type TxExec } from '../../db/tx';

const prepared = preparedFor('activity');

// Tables of this module: activity, activity_version, activity_group, prize (with its stock).

export type ActivityRow = Selectable<ActivityTable>;
export type PrizeRow = Selectable<PrizeTable_>;

export async function getActivity(
  db: Own<'activity'>,
  corpId: string,
  actId: string,
): Promise<ActivityRow | undefined> {
  return db.selectFrom('activity').selectAll().where('corp_id', '=', corpId).where('id', '=', actId).executeTakeFirst();
}

export async function listActivities(db: Own<'activity'>, corpId: string): Promise<ActivityRow[]> {
  return db.selectFrom('activity').selectAll().where('corp_id', '=', corpId).orderBy('starts_at').execute();
}

export async function getPrizes(db: Own<'activity'>, corpId: string, actId: string): Promise<PrizeRow[]> {
  return db
    .selectFrom('prize')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('sort')
    .execute();
}

const stockLeftQ = prepared<
  { corp: string; act: string },
  { id: string; left_stock: number | null; total_stock: number | null }
>((db, p) =>
  db
    .selectFrom('prize')
    .select((eb) => ['id', 'total_stock', stockWithBuckets(eb).as('left_stock')])
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act')),
);
export async function stockLeft(db: Own<'activity'>, corpId: string, actId: string) {
  return (await stockLeftQ(db, { corp: corpId, act: actId })).rows;
}

export async function insertActivity(db: Own<'activity'>, row: Insertable<ActivityTable>) {
  await db.insertInto('activity').values(row).execute();
}

export async function updateActivity(
  db: Own<'activity'>,
  corpId: string,
  actId: string,
  set: Updateable<ActivityTable>,
) {
  await db.updateTable('activity').set(set).where('corp_id', '=', corpId).where('id', '=', actId).execute();
}

export async function insertVersion(
  db: Own<'activity'>,
  row: { corp_id: string; act_id: string; version: number; published_at: number; rules_html: string; prizes: string },
) {
  await db.insertInto('activity_version').values(row).execute();
}

/** Before first publication a draft's single version is rewritten in place. */
export async function replaceVersions(db: Own<'activity'>, row: Parameters<typeof insertVersion>[1]) {
  await db.deleteFrom('activity_version').where('corp_id', '=', row.corp_id).where('act_id', '=', row.act_id).execute();
  await insertVersion(db, row);
}

export async function getVersions(db: Own<'activity'>, corpId: string, actId: string) {
  return db
    .selectFrom('activity_version')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('version')
    .execute();
}

export async function upsertPrize(db: Own<'activity'>, row: PrizeRow, exists: boolean) {
  if (exists) {
    const { corp_id, act_id, id, ...rest } = row;
    await db
      .updateTable('prize')
      .set(rest)
      .where('corp_id', '=', corp_id)
      .where('act_id', '=', act_id)
      .where('id', '=', id)
      .execute();
  } else {
    await db.insertInto('prize').values(row).execute();
  }
}

export async function deletePrizesExcept(db: Own<'activity'>, corpId: string, actId: string, keep: string[]) {
  let q = db.deleteFrom('prize').where('corp_id', '=', corpId).where('act_id', '=', actId);
  if (keep.length) q = q.where('id', 'not in', keep);
  await q.execute();
}

type StockKey = { corp: string; act: string; id: string };
type Param = <K extends keyof StockKey>(key: K) => StockKey[K];
/** One unit off the prize row, when it has one. */
const decrementPrizeRow = (db: Kysely<TablesOf<'activity'>>, p: Param) =>
  db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '-', 1) }))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('id', '=', p('id'))
    .where('left_stock', '>', 0);
const takeStockQ = prepared<StockKey, never>((db, p) => decrementPrizeRow(db, p));
/** The prize row's own stock, from a row no other transaction holds (PostgreSQL: it never waits). */
const takeStockFreeQ = prepared<StockKey, never>((db, p) =>
  decrementPrizeRow(db, p).where('id', 'in', (eb) =>
    eb
      .selectFrom('prize')
      .select('id')
      .where('corp_id', '=', p('corp'))
      .where('act_id', '=', p('act'))
      .where('id', '=', p('id'))
      .where('left_stock', '>', 0)
      .forUpdate()
      .skipLocked(),
  ),
);
/** A unit from a random bucket with stock that no other transaction holds. */
const takeFromBucketQ = prepared<StockKey, never>((db, p) =>
  db
    .updateTable('prize_stock_bucket')
    .set((eb) => ({ left_stock: eb('left_stock', '-', 1) }))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('prize_id', '=', p('id'))
    .where('left_stock', '>', 0)
    .where('bucket', '=', (eb) =>
      eb
        .selectFrom('prize_stock_bucket')
        .select('bucket')
        .where('corp_id', '=', p('corp'))
        .where('act_id', '=', p('act'))
        .where('prize_id', '=', p('id'))
        .where('left_stock', '>', 0)
        .orderBy(sql`random()`)
        .limit(1)
        .forUpdate()
        .skipLocked(),
    ),
);
/** Any stock left at all, held or not (what committed transactions left). */
const anyStockQ = prepared<StockKey, { n: number | null }>((db, p) =>
  db
    .selectFrom('prize')
    .select((eb) => stockWithBuckets(eb).as('n'))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('id', '=', p('id')),
);

/**
 * The one place stock is taken: never below zero, whatever runs at the same time. On SQLite (one writer at a
 * time, no buckets) the conditional decrement of the prize row. On PostgreSQL (ADR 0052) a unit from a
 * bucket or the row that no other transaction holds, so draws of one prize do not queue on one row's lock
 * (nor a batch of draws wait for another batch); when every row with stock is held, the draw is tried again
 * in a later batch (LockBusy); when none has stock, the prize is sold out.
 */
export function* takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean> {
  const key = { corp: corpId, act: actId, id: prizeId };
  if ('sqlite' in x) return (yield* changes(x, takeStockQ, key)) === 1;
  if ((yield* changes(x, takeFromBucketQ, key)) === 1) return true;
  if ((yield* changes(x, takeStockFreeQ, key)) === 1) return true;
  const [left] = yield* rows(x, anyStockQ, key);
  if ((left?.n ?? 0) > 0) throw new LockBusy(`the stock of prize ${prizeId}`);
  return false;
}

/**
 * What is left of a prize: the row's own stock plus its buckets (ADR 0052), the buckets' sum as a correlated
 * subquery of a query on `prize`.
 */
function stockWithBuckets(eb: ExpressionBuilder<TablesOf<'activity'>, 'prize'>) {
  const buckets = eb
    .selectFrom('prize_stock_bucket as b')
    .select((e) => e.fn.sum<number>('b.left_stock').as('s'))
    .whereRef('b.corp_id', '=', 'prize.corp_id')
    .whereRef('b.act_id', '=', 'prize.act_id')
    .whereRef('b.prize_id', '=', 'prize.id');
  return eb('left_stock', '+', eb.fn.coalesce(buckets, eb.lit(0)));
}

/** Buckets a prize's stock is split into on PostgreSQL: a few units each at least, at most `max`. */
export function bucketCount(left: number, max: number): number {
  return Math.min(max, Math.floor(left / 4));
}

/**
 * Moves a prize's stock from its row into `n` buckets (inside the publishing transaction). Only on a prize
 * whose buckets are empty: publish gathers them back first.
 */
export async function spreadStock(
  ex: Own<'activity'>,
  corpId: string,
  actId: string,
  prizeId: string,
  left: number,
  n: number,
) {
  const share = Math.floor(left / n);
  await ex
    .insertInto('prize_stock_bucket')
    .values(
      Array.from({ length: n }, (_, i) => ({
        corp_id: corpId,
        act_id: actId,
        prize_id: prizeId,
        bucket: i,
        left_stock: share + (i < left - share * n ? 1 : 0),
      })),
    )
    .execute();
  await ex
    .updateTable('prize')
    .set({ left_stock: 0 })
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('id', '=', prizeId)
    .execute();
}

/**
 * Moves every bucket of an activity back into its prize rows (before a republish reads the stock), inside
 * the publishing transaction, PostgreSQL only. The buckets are locked first, so a draw taking a unit cannot
 * slip between the sum and the delete.
 */
export async function gatherStock(ex: Own<'activity'>, corpId: string, actId: string) {
  await ex
    .selectFrom('prize_stock_bucket')
    .select('bucket')
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .forUpdate()
    .execute();
  await ex
    .updateTable('prize')
    .set((eb) => ({ left_stock: stockWithBuckets(eb) }))
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('left_stock', 'is not', null)
    .execute();
  await ex.deleteFrom('prize_stock_bucket').where('corp_id', '=', corpId).where('act_id', '=', actId).execute();
}

/** One unit off the prize row in a Kysely transaction (SQLite keeps no buckets): false when none is left. */
export async function takeRowStock(db: Own<'activity'>, corpId: string, actId: string, prizeId: string) {
  const r = await db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '-', 1) }))
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('id', '=', prizeId)
    .where('left_stock', '>', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Gives one unit back (a held prize declined): onto the prize row, never past the prize's total — counting
 * what its buckets hold (ADR 0052), so a unit given back twice can never become one unit too many.
 */
export async function returnStock(db: Own<'activity'>, corpId: string, actId: string, prizeId: string) {
  await db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('id', '=', prizeId)
    .where('left_stock', 'is not', null)
    .where((eb) => eb(stockWithBuckets(eb), '<', eb.ref('total_stock')))
    .execute();
}

export async function getGroup(db: Own<'activity'>, corpId: string, id: string) {
  return db
    .selectFrom('activity_group')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function upsertGroup(db: Own<'activity'>, row: ActivityGroupTable) {
  const existing = await getGroup(db, row.corp_id, row.id);
  if (existing) {
    const { corp_id, id, ...rest } = row;
    await db.updateTable('activity_group').set(rest).where('corp_id', '=', corp_id).where('id', '=', id).execute();
  } else {
    await db.insertInto('activity_group').values(row).execute();
  }
}

/**
 * When the customer joined (app_user belongs to auth; this read decides eligibility for new-customer
 * activities and is the only column this module reads there).
 */
export async function userCreatedAt(db: Own<'activity'>, corpId: string, userId: string) {
  const r = await db
    .selectFrom('app_user')
    .select('created_at')
    .where('corp_id', '=', corpId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return r?.created_at ?? null;
}
