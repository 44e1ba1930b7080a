import type { Own } from '../../db/owners';

// The coupons module owns no table: a coupon is an award of kind coupon (prizes), read here through the
// award view with its prize and activity (views of activity) and the holder's mobile (a view of auth's
// app_user); a use is written by the prizes module (CouponUsePort). db/owners.ts declares the views.

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

/** The corp's coupons with their prize and activity. */
function corpCoupons(db: Own<'coupons'>, corpId: string) {
  return db
    .selectFrom('award')
    .innerJoin('prize', (j) =>
      j
        .onRef('prize.corp_id', '=', 'award.corp_id')
        .onRef('prize.act_id', '=', 'award.act_id')
        .onRef('prize.id', '=', 'award.prize_id'),
    )
    .innerJoin('activity', (j) =>
      j.onRef('activity.corp_id', '=', 'award.corp_id').onRef('activity.id', '=', 'award.act_id'),
    )
    .where('award.corp_id', '=', corpId)
    .where('award.kind', '=', 'coupon');
}

function couponsQuery(db: Own<'coupons'>, corpId: string, userId: string) {
  return corpCoupons(db, corpId).where('award.user_id', '=', userId).select(couponColumns);
}
export type CouponRow = Awaited<ReturnType<ReturnType<typeof couponsQuery>['executeTakeFirstOrThrow']>>;

export async function listCoupons(db: Own<'coupons'>, corpId: string, userId: string) {
  return couponsQuery(db, corpId, userId).orderBy('award.created_at', 'desc').limit(500).execute();
}

export async function getCoupon(db: Own<'coupons'>, corpId: string, userId: string, awardId: string) {
  return couponsQuery(db, corpId, userId).where('award.id', '=', awardId).executeTakeFirst();
}

/** A ticket by its code within the corp, with its holder's mobile (the clerk does not know whose it is). */
export async function ticketByCode(db: Own<'coupons'>, corpId: string, code: string) {
  return corpCoupons(db, corpId)
    .innerJoin('app_user', (j) =>
      j.onRef('app_user.corp_id', '=', 'award.corp_id').onRef('app_user.id', '=', 'award.user_id'),
    )
    .select([...couponColumns, 'app_user.mobile'])
    .where('award.coupon_code', '=', code)
    .executeTakeFirst();
}

/** How many prizes of each kind the customer won, and when last (the coupon index's "recent goods"). */
export async function recentKinds(db: Own<'coupons'>, corpId: string, userId: string) {
  return db
    .selectFrom('award')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('created_at').as('last_at')])
    .where('corp_id', '=', corpId)
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
}
