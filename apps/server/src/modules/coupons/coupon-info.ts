import type { CouponState } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { toCoupon } from './coupon';
import type { CouponsDeps } from './deps';
import * as repo from './repo';

/** The customer's coupons, counted by state, optionally of one state. */
export async function couponInfo(deps: CouponsDeps, corp: Corp, user: RequestUser, state?: CouponState) {
  const now = deps.clock();
  const all = (await repo.listCoupons(deps.database.db, corp.id, user.id)).map((c) => toCoupon(c, now));
  const counts = { unused: 0, used: 0, expired: 0, pending: 0, declined: 0 };
  for (const c of all) counts[c.state]++;
  return { counts, list: state ? all.filter((c) => c.state === state) : all };
}
