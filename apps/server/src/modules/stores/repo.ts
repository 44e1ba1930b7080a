import type { Insertable, Selectable } from 'kysely';
import type { Own } from '../../db/owners';
import type { RedemptionAuditTable, StoreRedemptionTable, StoreTable } from '../../db/schema-stores';

// Tables of this module: store, store_list, store_list_store, store_list_activity, store_redemption,
// redemption_audit. Every query is scoped by corp.

export type StoreRow = Selectable<StoreTable>;

export async function getList(db: Own<'stores'>, corpId: string, listId: string) {
  return db
    .selectFrom('store_list')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', listId)
    .executeTakeFirst();
}

/** The stores of a list, optionally in one city. */
export async function storesOfList(db: Own<'stores'>, corpId: string, listId: string, cityName?: string) {
  let q = db
    .selectFrom('store_list_store as l')
    .innerJoin('store as s', (j) => j.onRef('s.corp_id', '=', 'l.corp_id').onRef('s.id', '=', 'l.store_id'))
    .selectAll('s')
    .where('l.corp_id', '=', corpId)
    .where('l.list_id', '=', listId);
  if (cityName !== undefined) q = q.where('s.city_name', '=', cityName);
  return q.orderBy('s.city_code').orderBy('s.id').execute();
}

export async function citiesOfList(db: Own<'stores'>, corpId: string, listId: string) {
  const rows = await db
    .selectFrom('store_list_store as l')
    .innerJoin('store as s', (j) => j.onRef('s.corp_id', '=', 'l.corp_id').onRef('s.id', '=', 'l.store_id'))
    .select(['s.city_code', 's.city_name', (eb) => eb.fn.countAll<number>().as('n')])
    .where('l.corp_id', '=', corpId)
    .where('l.list_id', '=', listId)
    .groupBy(['s.city_code', 's.city_name'])
    .orderBy('s.city_code')
    .execute();
  return rows.map((r) => ({ cityCode: r.city_code, cityName: r.city_name, count: Number(r.n) }));
}

export async function getStore(db: Own<'stores'>, corpId: string, storeId: string) {
  return db.selectFrom('store').selectAll().where('corp_id', '=', corpId).where('id', '=', storeId).executeTakeFirst();
}

export async function storesByIds(db: Own<'stores'>, corpId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('store').selectAll().where('corp_id', '=', corpId).where('id', 'in', ids).execute();
}

/** The lists (with their stores and activities) by list id or by an activity they serve. */
export async function relations(db: Own<'stores'>, corpId: string, by: { listId?: string; actId?: string }) {
  let q = db.selectFrom('store_list').select(['id', 'name']).where('corp_id', '=', corpId);
  if (by.listId !== undefined) q = q.where('id', '=', by.listId);
  if (by.actId !== undefined) {
    const actId = by.actId;
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('store_list_activity').select('list_id').where('corp_id', '=', corpId).where('act_id', '=', actId),
    );
  }
  const lists = await q.orderBy('id').execute();
  if (lists.length === 0) return [];
  const ids = lists.map((l) => l.id);
  const [stores, acts] = await Promise.all([
    db
      .selectFrom('store_list_store')
      .select(['list_id', 'store_id'])
      .where('corp_id', '=', corpId)
      .where('list_id', 'in', ids)
      .orderBy('store_id')
      .execute(),
    db
      .selectFrom('store_list_activity')
      .select(['list_id', 'act_id'])
      .where('corp_id', '=', corpId)
      .where('list_id', 'in', ids)
      .orderBy('act_id')
      .execute(),
  ]);
  return lists.map((l) => ({
    listId: l.id,
    name: l.name,
    actIds: acts.filter((a) => a.list_id === l.id).map((a) => a.act_id),
    storeIds: stores.filter((s) => s.list_id === l.id).map((s) => s.store_id),
  }));
}

/** Is this store on a list that redeems this activity's prizes? */
export async function storeRedeemsActivity(db: Own<'stores'>, corpId: string, storeId: string, actId: string) {
  const r = await db
    .selectFrom('store_list_store as s')
    .innerJoin('store_list_activity as a', (j) =>
      j.onRef('a.corp_id', '=', 's.corp_id').onRef('a.list_id', '=', 's.list_id'),
    )
    .select('s.store_id')
    .where('s.corp_id', '=', corpId)
    .where('s.store_id', '=', storeId)
    .where('a.act_id', '=', actId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function redemptionOf(db: Own<'stores'>, corpId: string, awardId: string) {
  return db
    .selectFrom('store_redemption as r')
    .leftJoin('store as s', (j) => j.onRef('s.corp_id', '=', 'r.corp_id').onRef('s.id', '=', 'r.store_id'))
    .select(['r.staff_id', 'r.staff_name', 'r.store_id', 's.name as store_name', 'r.redeemed_at', 'r.idem_key'])
    .where('r.corp_id', '=', corpId)
    .where('r.award_id', '=', awardId)
    .executeTakeFirst();
}

export async function insertRedemption(db: Own<'stores'>, row: StoreRedemptionTable) {
  await db.insertInto('store_redemption').values(row).execute();
}

export async function audit(db: Own<'stores'>, row: RedemptionAuditTable) {
  await db.insertInto('redemption_audit').values(row).execute();
}

export async function auditOf(db: Own<'stores'>, corpId: string, code: string) {
  return db
    .selectFrom('redemption_audit')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('code', '=', code)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// Import (campaign file, CSV): upserts, re-importing updates in place.

export async function upsertStore(db: Own<'stores'>, row: Insertable<StoreTable>) {
  const { name, address, city_code, city_name, phone, lng, lat, hours, updated_at } = row;
  await db
    .insertInto('store')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['corp_id', 'id'])
        .doUpdateSet({ name, address, city_code, city_name, phone, lng, lat, hours, updated_at }),
    )
    .execute();
}

export async function upsertList(db: Own<'stores'>, corpId: string, listId: string, name: string, now: number) {
  await db
    .insertInto('store_list')
    .values({ corp_id: corpId, id: listId, name, created_at: now })
    .onConflict((oc) => oc.columns(['corp_id', 'id']).doUpdateSet({ name }))
    .execute();
}

/** Adds stores to a list (the ones already on it stay). */
export async function addToList(db: Own<'stores'>, corpId: string, listId: string, storeIds: readonly string[]) {
  if (storeIds.length === 0) return;
  await db
    .insertInto('store_list_store')
    .values(storeIds.map((store_id) => ({ corp_id: corpId, list_id: listId, store_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The list's stores and activities become exactly these (the campaign file is the whole truth). */
export async function replaceList(
  db: Own<'stores'>,
  corpId: string,
  listId: string,
  storeIds: readonly string[],
  actIds: readonly string[],
) {
  await db.deleteFrom('store_list_store').where('corp_id', '=', corpId).where('list_id', '=', listId).execute();
  await db.deleteFrom('store_list_activity').where('corp_id', '=', corpId).where('list_id', '=', listId).execute();
  await addToList(db, corpId, listId, storeIds);
  if (actIds.length) {
    await db
      .insertInto('store_list_activity')
      .values(actIds.map((act_id) => ({ corp_id: corpId, list_id: listId, act_id })))
      .execute();
  }
}

export async function existingStoreIds(db: Own<'stores'>, corpId: string, ids: readonly string[]) {
  return new Set((await storesByIds(db, corpId, ids)).map((s) => s.id));
}

/** An audit row by id (the exception's claim: its id is derived from the staff member and the key). */
export async function auditById(db: Own<'stores'>, corpId: string, id: string) {
  return db
    .selectFrom('redemption_audit')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The exception's claim gets the approval request's id once it is filed. */
export async function setAuditDetail(db: Own<'stores'>, corpId: string, id: string, detail: string) {
  await db.updateTable('redemption_audit').set({ detail }).where('corp_id', '=', corpId).where('id', '=', id).execute();
}

/** A claim whose approval request could not be filed goes away: the same key may try again. */
export async function dropClaim(db: Own<'stores'>, corpId: string, id: string) {
  await db
    .deleteFrom('redemption_audit')
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('detail', 'is', null)
    .execute();
}
