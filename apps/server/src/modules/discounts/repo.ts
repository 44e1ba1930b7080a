import type { Selectable } from 'kysely';
import type { Own } from '../../db/owners';
import type { DiscountConsumptionTable, DiscountGrantTable, DiscountTable } from '../../db/schema';

// Tables of this module: discount, discount_user, discount_day, discount_consumption. Limits are held by
// conditional updates (… WHERE used < limit) and the unique (corp, payment) key, never by read-then-write.

export type DiscountRow = Selectable<DiscountTable>;
export type ConsumptionRow = Selectable<DiscountConsumptionTable>;

export async function get(db: Own<'discounts'>, corpId: string, id: string) {
  return db.selectFrom('discount').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();
}

export async function userUsed(db: Own<'discounts'>, corpId: string, id: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('discount_user')
    .select('used')
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r?.used ?? 0;
}

export async function dayUsed(db: Own<'discounts'>, corpId: string, id: string, day: string): Promise<number> {
  const r = await db
    .selectFrom('discount_day')
    .select('used')
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', id)
    .where('day', '=', day)
    .executeTakeFirst();
  return r?.used ?? 0;
}

export async function consumptionByPayment(db: Own<'discounts'>, corpId: string, paymentId: string) {
  return db
    .selectFrom('discount_consumption')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** Inserts the consumption unless the payment already has one; false = it had. */
export async function insertConsumption(db: Own<'discounts'>, row: ConsumptionRow): Promise<boolean> {
  const r = await db
    .insertInto('discount_consumption')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'payment_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function takeTotal(db: Own<'discounts'>, corpId: string, id: string): Promise<boolean> {
  const r = await db
    .updateTable('discount')
    .set((eb) => ({ used_total: eb('used_total', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .whereRef('used_total', '<', 'total_limit')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function takeUser(db: Own<'discounts'>, corpId: string, id: string, userId: string, limit: number) {
  await db
    .insertInto('discount_user')
    .values({ corp_id: corpId, discount_id: id, user_id: userId, used: 0 })
    .onConflict((oc) => oc.columns(['corp_id', 'discount_id', 'user_id']).doNothing())
    .execute();
  const r = await db
    .updateTable('discount_user')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', id)
    .where('user_id', '=', userId)
    .where('used', '<', limit)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function takeDay(db: Own<'discounts'>, corpId: string, id: string, day: string, limit: number) {
  await db
    .insertInto('discount_day')
    .values({ corp_id: corpId, discount_id: id, day, used: 0 })
    .onConflict((oc) => oc.columns(['corp_id', 'discount_id', 'day']).doNothing())
    .execute();
  const r = await db
    .updateTable('discount_day')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', id)
    .where('day', '=', day)
    .where('used', '<', limit)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function upsert(db: Own<'discounts'>, row: Omit<DiscountRow, 'used_total'>) {
  const { corp_id, id, created_at, ...rest } = row;
  await db
    .insertInto('discount')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'id']).doUpdateSet(rest))
    .execute();
}

/** The discounts given to or used by a customer, with when (granted, else first used). */
export async function mine(db: Own<'discounts'>, corpId: string, userId: string) {
  const [granted, used] = await Promise.all([
    db
      .selectFrom('discount_grant')
      .select(['discount_id', 'granted_at'])
      .where('corp_id', '=', corpId)
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('discount_consumption')
      .select((eb) => ['discount_id', eb.fn.min('created_at').as('granted_at')])
      .where('corp_id', '=', corpId)
      .where('user_id', '=', userId)
      .groupBy('discount_id')
      .execute(),
  ]);
  const at = new Map<string, number>();
  for (const r of [...granted, ...used]) {
    const t = Number(r.granted_at);
    const prior = at.get(r.discount_id);
    if (prior === undefined || t < prior) at.set(r.discount_id, t);
  }
  if (at.size === 0) return [];
  const rows = await db
    .selectFrom('discount')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', 'in', [...at.keys()])
    .execute();
  return rows
    .map((d) => ({ d, grantedAt: at.get(d.id) ?? 0 }))
    .sort((a, b) => b.grantedAt - a.grantedAt || a.d.id.localeCompare(b.d.id));
}

/** Gives a discount to a customer (the campaign definition's grant); a repeat keeps the first. */
export async function grant(db: Own<'discounts'>, row: Selectable<DiscountGrantTable>) {
  await db
    .insertInto('discount_grant')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'discount_id', 'user_id']).doNothing())
    .execute();
}

// Reservations (ADR 0044): a signing reserves a unit; the bank's signed result makes it paid or releases it.

/** Reservations of a discount unpaid past their time: to be released. */
export async function expiredReservations(db: Own<'discounts'>, corpId: string, discountId: string, now: number) {
  return db
    .selectFrom('discount_consumption')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', discountId)
    .where('state', '=', 'reserved')
    .where('reserved_until', '<', now)
    .execute();
}

/** Moves one consumption from one state to another; false when it was not in `from` (another did it). */
export async function moveState(
  db: Own<'discounts'>,
  corpId: string,
  paymentId: string,
  from: ConsumptionRow['state'],
  to: ConsumptionRow['state'],
): Promise<boolean> {
  const r = await db
    .updateTable('discount_consumption')
    .set({ state: to, reserved_until: null })
    .where('corp_id', '=', corpId)
    .where('payment_id', '=', paymentId)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A released reservation's unit goes back to the total, the customer's and the day's counters. */
export async function giveBack(db: Own<'discounts'>, corpId: string, id: string, userId: string, day: string) {
  await db
    .updateTable('discount')
    .set((eb) => ({ used_total: eb('used_total', '-', 1) }))
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('used_total', '>', 0)
    .execute();
  await db
    .updateTable('discount_user')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', id)
    .where('user_id', '=', userId)
    .where('used', '>', 0)
    .execute();
  await db
    .updateTable('discount_day')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('corp_id', '=', corpId)
    .where('discount_id', '=', id)
    .where('day', '=', day)
    .where('used', '>', 0)
    .execute();
}
