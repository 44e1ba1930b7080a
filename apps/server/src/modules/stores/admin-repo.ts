import type { Insertable } from 'kysely';
import type { Own } from '../../db/owners';
import type { StoreTable } from '../../db/schema-stores';

// The console's queries on the store table (issue 34): a page of the corp's stores, a new store, a change.
// Every query is scoped by corp.

/** A page of the corp's stores by name; `q` matches the name, address or city. */
export async function storesPage(db: Own<'stores'>, corpId: string, q: string | undefined, page: number, size: number) {
  let base = db.selectFrom('store').where('corp_id', '=', corpId);
  if (q) {
    // Wildcards typed in the box are taken out (SQLite and PostgreSQL escape them differently).
    const like = `%${q.replace(/[%_]/g, '')}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('address', 'like', like), eb('city_name', 'like', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertStore(db: Own<'stores'>, row: Insertable<StoreTable>) {
  await db.insertInto('store').values(row).execute();
}

/** Changes a store of the corp; false when the corp has no such store. */
export async function updateStore(
  db: Own<'stores'>,
  corpId: string,
  id: string,
  set: Omit<Insertable<StoreTable>, 'corp_id' | 'id' | 'created_at'>,
) {
  const r = await db
    .updateTable('store')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Inserts or updates the CSV's stores by id (the corp's own only: the key holds the corp). */
export async function upsertStoreRow(db: Own<'stores'>, row: Insertable<StoreTable>) {
  const { name, address, city_code, city_name, phone, lng, lat, hours, accepts, updated_at } = row;
  await db
    .insertInto('store')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['corp_id', 'id'])
        .doUpdateSet({ name, address, city_code, city_name, phone, lng, lat, hours, accepts, updated_at }),
    )
    .execute();
}

/** The names of the corp's stores among these ids (the audit log names its subjects). */
export async function storeNames(db: Own<'stores'>, corpId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('store')
    .select(['id', 'name'])
    .where('corp_id', '=', corpId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
