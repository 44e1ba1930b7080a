import type { NotNull } from 'kysely';
import type { Own } from '../../db/owners';

// The coupons module owns no table: a coupon is an award of kind coupon (prizes), read here through the
// award_line view (prizes': the award with its prize and activity), the award view and the holder's mobile
// (a view of auth's app_user); a use is written by the prizes module (CouponUsePort). db/owners.ts declares
// the views.

/** What a coupon shows, wherever it is read (the customer's index, a store's counter). */
export const couponColumns = [
  'award_line.id',
  'award_line.act_id',
  'award_line.status',
  'award_line.coupon_code',
  'award_line.created_at',
  'award_line.used_at',
  'award_line.used_channel',
  'award_line.use_key',
  'award_line.activity_title',
  'award_line.coupon_valid_days',
  'award_line.prize_name',
  'award_line.prize_image as image',
  'award_line.prize_value_cents as value_cents',
] as const;

/** The corp's coupons with their prize and activity (both there: a coupon whose prize is gone is not shown). */
function corpCoupons(db: Own<'coupons'>, corpId: string) {
  return db
    .selectFrom('award_line')
    .where('award_line.corp_id', '=', corpId)
    .where('award_line.kind', '=', 'coupon')
    .where('award_line.prize_name', 'is not', null)
    .where('award_line.activity_title', 'is not', null);
}

/** With its prize and activity there, their columns are not null. */
type Found = { activity_title: NotNull; prize_name: NotNull; image: NotNull; value_cents: NotNull };

function couponsQuery(db: Own<'coupons'>, corpId: string, userId: string) {
  return corpCoupons(db, corpId).where('award_line.user_id', '=', userId).select(couponColumns).$narrowType<Found>();
}
export type CouponRow = Awaited<ReturnType<ReturnType<typeof couponsQuery>['executeTakeFirstOrThrow']>>;

export async function listCoupons(db: Own<'coupons'>, corpId: string, userId: string) {
  return couponsQuery(db, corpId, userId).orderBy('award_line.created_at', 'desc').limit(500).execute();
}

export async function getCoupon(db: Own<'coupons'>, corpId: string, userId: string, awardId: string) {
  return couponsQuery(db, corpId, userId).where('award_line.id', '=', awardId).executeTakeFirst();
}

/** A ticket by its code within the corp, with its holder's mobile (the clerk does not know whose it is). */
export async function ticketByCode(db: Own<'coupons'>, corpId: string, code: string) {
  return corpCoupons(db, corpId)
    .innerJoin('app_user', (j) =>
      j.onRef('app_user.corp_id', '=', 'award_line.corp_id').onRef('app_user.id', '=', 'award_line.user_id'),
    )
    .select([...couponColumns, 'app_user.mobile'])
    .$narrowType<Found>()
    .where('award_line.coupon_code', '=', code)
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

/** The usage rules (使用说明) of a campaign's coupons; none: []. */
export async function usageRules(db: Own<'coupons'>, corpId: string, actId: string): Promise<string[]> {
  const row = await db
    .selectFrom('activity')
    .select('coupon_rules')
    .where('corp_id', '=', corpId)
    .where('id', '=', actId)
    .executeTakeFirst();
  try {
    const rules: unknown = JSON.parse(row?.coupon_rules ?? '[]');
    return Array.isArray(rules) ? rules.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
