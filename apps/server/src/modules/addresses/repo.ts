import type { Selectable } from 'kysely';
import type { Own } from '../../db/owners';
import type { AddressTable } from '../../db/schema';

// Tables of this module: address. Every query is scoped by corp and customer.

export type AddressRow = Selectable<AddressTable>;

const own = (db: Own<'addresses'>, corpId: string, userId: string) =>
  db.selectFrom('address').selectAll().where('corp_id', '=', corpId).where('user_id', '=', userId);

export async function count(db: Own<'addresses'>, corpId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('address')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Default first, then newest. */
export async function page(db: Own<'addresses'>, corpId: string, userId: string, offset: number, limit: number) {
  return own(db, corpId, userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function get(db: Own<'addresses'>, corpId: string, userId: string, addNo: string) {
  return own(db, corpId, userId).where('id', '=', addNo).executeTakeFirst();
}

export async function byIdemKey(db: Own<'addresses'>, corpId: string, userId: string, key: string) {
  return own(db, corpId, userId).where('idem_key', '=', key).executeTakeFirst();
}

export async function newest(db: Own<'addresses'>, corpId: string, userId: string) {
  return own(db, corpId, userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insert(db: Own<'addresses'>, row: AddressRow) {
  await db.insertInto('address').values(row).execute();
}

export async function update(
  db: Own<'addresses'>,
  corpId: string,
  userId: string,
  addNo: string,
  set: Partial<Omit<AddressRow, 'id' | 'corp_id' | 'user_id' | 'created_at' | 'idem_key'>>,
) {
  await db
    .updateTable('address')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .where('id', '=', addNo)
    .execute();
}

export async function clearDefault(db: Own<'addresses'>, corpId: string, userId: string, now: number) {
  await db
    .updateTable('address')
    .set({ is_default: 0, updated_at: now })
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
}

export async function remove(db: Own<'addresses'>, corpId: string, userId: string, addNo: string) {
  await db
    .deleteFrom('address')
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .where('id', '=', addNo)
    .execute();
}

/**
 * Serialises one customer's address writes on PostgreSQL (a row lock on the customer); SQLite's write
 * transactions are already serial (BEGIN IMMEDIATE).
 */
export async function lockOwner(db: Own<'addresses'>, corpId: string, userId: string, postgres: boolean) {
  if (!postgres) return;
  await db
    .selectFrom('app_user')
    .select('id')
    .where('corp_id', '=', corpId)
    .where('id', '=', userId)
    .forUpdate()
    .execute();
}
