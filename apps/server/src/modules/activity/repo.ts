import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db';
import { prepared } from '../../db/prepared';
import type { ActivityGroupTable, ActivityTable, PrizeTable_ } from '../../db/schema';
import { changes, type Step, type TxExec } from '../../db/tx';

// Tables of this module: activity, activity_version, activity_group, prize (with its stock).

export type ActivityRow = Selectable<ActivityTable>;
export type PrizeRow = Selectable<PrizeTable_>;

export async function getActivity(db: Executor, corpId: string, actId: string): Promise<ActivityRow | undefined> {
  return db.selectFrom('activity').selectAll().where('corp_id', '=', corpId).where('id', '=', actId).executeTakeFirst();
}

export async function listActivities(db: Executor, corpId: string): Promise<ActivityRow[]> {
  return db.selectFrom('activity').selectAll().where('corp_id', '=', corpId).orderBy('starts_at').execute();
}

export async function getPrizes(db: Executor, corpId: string, actId: string): Promise<PrizeRow[]> {
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
    .select(['id', 'left_stock', 'total_stock'])
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act')),
);
export async function stockLeft(db: Executor, corpId: string, actId: string) {
  return (await stockLeftQ(db, { corp: corpId, act: actId })).rows;
}

export async function insertActivity(db: Executor, row: Insertable<ActivityTable>) {
  await db.insertInto('activity').values(row).execute();
}

export async function updateActivity(db: Executor, corpId: string, actId: string, set: Updateable<ActivityTable>) {
  await db.updateTable('activity').set(set).where('corp_id', '=', corpId).where('id', '=', actId).execute();
}

export async function insertVersion(
  db: Executor,
  row: { corp_id: string; act_id: string; version: number; published_at: number; rules_html: string; prizes: string },
) {
  await db.insertInto('activity_version').values(row).execute();
}

/** Before first publication a draft's single version is rewritten in place. */
export async function replaceVersions(db: Executor, row: Parameters<typeof insertVersion>[1]) {
  await db.deleteFrom('activity_version').where('corp_id', '=', row.corp_id).where('act_id', '=', row.act_id).execute();
  await insertVersion(db, row);
}

export async function getVersions(db: Executor, corpId: string, actId: string) {
  return db
    .selectFrom('activity_version')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('version')
    .execute();
}

export async function upsertPrize(db: Executor, row: PrizeRow, exists: boolean) {
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

export async function deletePrizesExcept(db: Executor, corpId: string, actId: string, keep: string[]) {
  let q = db.deleteFrom('prize').where('corp_id', '=', corpId).where('act_id', '=', actId);
  if (keep.length) q = q.where('id', 'not in', keep);
  await q.execute();
}

const takeStockQ = prepared<{ corp: string; act: string; id: string }, never>((db, p) =>
  db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '-', 1) }))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('id', '=', p('id'))
    .where('left_stock', '>', 0),
);
/** The one place stock is taken: never below zero, whatever runs at the same time. */
export function* takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean> {
  return (yield* changes(x, takeStockQ, { corp: corpId, act: actId, id: prizeId })) === 1;
}

/** A unit back to a stocked prize (a declined held award); never above its total. */
export async function returnStock(db: Executor, corpId: string, actId: string, prizeId: string) {
  await db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('id', '=', prizeId)
    .where('left_stock', 'is not', null)
    .whereRef('left_stock', '<', 'total_stock')
    .execute();
}

export async function getGroup(db: Executor, corpId: string, id: string) {
  return db
    .selectFrom('activity_group')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function upsertGroup(db: Executor, row: ActivityGroupTable) {
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
export async function userCreatedAt(db: Executor, corpId: string, userId: string) {
  const r = await db
    .selectFrom('app_user')
    .select('created_at')
    .where('corp_id', '=', corpId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return r?.created_at ?? null;
}
