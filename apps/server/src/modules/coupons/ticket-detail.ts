import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { qrSvg, toCoupon } from './coupon';
import type { CouponsDeps } from './deps';
import * as repo from './repo';

/** One of the customer's tickets, with its QR and its campaign's usage rules. */
export async function ticketDetail(deps: CouponsDeps, corp: Corp, user: RequestUser, couponId: string) {
  const c = await repo.getCoupon(deps.database.db, corp.id, user.id, couponId);
  if (!c?.coupon_code) throw new AppError('COUPON_NOT_FOUND');
  const usageRules = await repo.usageRules(deps.database.db, corp.id, c.act_id);
  return { ...toCoupon(c, deps.clock()), qrText: c.coupon_code, qrSvg: await qrSvg(c.coupon_code), usageRules };
}
