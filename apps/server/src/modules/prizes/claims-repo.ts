import type { Executor } from '../../db';
import type { PhysicalOrderTable } from '../../db/schema';
import { ownAwards } from './repo';

// Orders and coupon use: this module's tables (physical_order, award), joined read-only with prize and
// activity for names and the activity's claim promises (address window, coupon validity).

const DAY = 86_400_000;

function ordersQuery(db: Executor, corpId: string, userId: string) {
  return ownAwards(db, corpId, userId)
    .innerJoin('physical_order as o', (j) =>
      j.onRef('o.corp_id', '=', 'award.corp_id').onRef('o.award_id', '=', 'award.id'),
    )
    .select([
      'o.id',
      'o.award_id',
      'o.status',
      'o.address_snapshot',
      'o.tracking_no',
      'o.created_at',
      'o.confirmed_at',
      'o.shipped_at',
      'o.delivered_at',
      'o.closed_at',
      'o.payment_id',
      'o.paid_cents',
      'o.paid_at',
      'o.payment_failed_at',
      'o.refunded_at',
      'award.act_id',
      'activity.title as activity_title',
      'activity.address_window_days',
      'prize.name as prize_name',
      'prize.image',
      'prize.value_cents',
    ])
    .where('o.user_id', '=', userId);
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>;

export async function listOrders(db: Executor, corpId: string, userId: string) {
  return ordersQuery(db, corpId, userId).orderBy('o.created_at', 'desc').limit(200).execute();
}

export async function getOrder(db: Executor, corpId: string, userId: string, orderId: string) {
  return ordersQuery(db, corpId, userId).where('o.id', '=', orderId).executeTakeFirst();
}

export async function getOrderByAward(db: Executor, corpId: string, userId: string, awardId: string) {
  return ordersQuery(db, corpId, userId).where('o.award_id', '=', awardId).executeTakeFirst();
}

export const addressDeadline = (o: { created_at: number; address_window_days: number }) =>
  o.created_at + o.address_window_days * DAY;

/** Give an awaiting order its address, only while it awaits one: the condition is the guard against a race. */
export async function confirmOrder(
  db: Executor,
  corpId: string,
  orderId: string,
  set: { address_snapshot: string; address_id: string; now: number },
): Promise<boolean> {
  const r = await db
    .updateTable('physical_order')
    .set({
      status: 'confirmed',
      address_snapshot: set.address_snapshot,
      address_id: set.address_id,
      confirmed_at: set.now,
      updated_at: set.now,
    })
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_address')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setAwardStatusTx(db: Executor, corpId: string, awardId: string, to: 'exchanged', now: number) {
  await db
    .updateTable('award')
    .set({ status: to, updated_at: now })
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .execute();
}

/** Operator moves (CLI): from one of `from` to `to`, with the time column of the new state. */
export async function moveOrder(
  db: Executor,
  corpId: string,
  orderId: string,
  from: readonly PhysicalOrderTable['status'][],
  to: PhysicalOrderTable['status'],
  now: number,
  trackingNo?: string,
): Promise<boolean> {
  const stamp =
    to === 'shipped'
      ? { shipped_at: now }
      : to === 'delivered'
        ? { delivered_at: now }
        : to === 'closed'
          ? { closed_at: now }
          : {};
  const r = await db
    .updateTable('physical_order')
    .set({ status: to, updated_at: now, ...stamp, ...(trackingNo ? { tracking_no: trackingNo } : {}) })
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function orderOwner(db: Executor, corpId: string, orderId: string) {
  return db
    .selectFrom('physical_order')
    .select(['user_id', 'status', 'created_at'])
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** What a coupon shows, wherever it is read (the customer's index, a store's counter). */
export const couponColumns = [
  'award.id',
  'award.act_id',
  'award.status',
  'award.coupon_code',
  'award.created_at',
  'award.used_at',
  'award.used_channel',
  'award.use_key',
  'activity.title as activity_title',
  'activity.coupon_valid_days',
  'prize.name as prize_name',
  'prize.image',
  'prize.value_cents',
] as const;

function couponsQuery(db: Executor, corpId: string, userId: string) {
  return ownAwards(db, corpId, userId).select(couponColumns).where('award.kind', '=', 'coupon');
}
export type CouponRow = Awaited<ReturnType<ReturnType<typeof couponsQuery>['executeTakeFirstOrThrow']>>;

export async function listCoupons(db: Executor, corpId: string, userId: string) {
  return couponsQuery(db, corpId, userId).orderBy('award.created_at', 'desc').limit(500).execute();
}

export async function getCoupon(db: Executor, corpId: string, userId: string, awardId: string) {
  return couponsQuery(db, corpId, userId).where('award.id', '=', awardId).executeTakeFirst();
}

export const couponValidUntil = (c: { created_at: number; coupon_valid_days: number | null }) =>
  c.coupon_valid_days === null ? null : c.created_at + c.coupon_valid_days * DAY;

/**
 * Use a code once: only an issued coupon changes, so of concurrent uses exactly one wins. The customer's own
 * use names its user; a store's counter (which does not know whose ticket it is) passes null.
 */
export async function useCoupon(
  db: Executor,
  corpId: string,
  userId: string | null,
  awardId: string,
  use: { channel: 'store' | 'online' | 'app'; key: string; now: number },
): Promise<boolean> {
  let q = db
    .updateTable('award')
    .set({ status: 'exchanged', used_at: use.now, used_channel: use.channel, use_key: use.key, updated_at: use.now })
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('kind', '=', 'coupon')
    .where('status', '=', 'issued');
  if (userId !== null) q = q.where('user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recentKinds(db: Executor, corpId: string, userId: string) {
  return db
    .selectFrom('award')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('created_at').as('last_at')])
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
}
