import type { Coupon } from '@campaign/contract';
import { couponState } from '../../platform/claim-states';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { toCoupon } from './coupon';
import type { CouponsDeps } from './deps';
import * as repo from './repo';

/** The customer uses a coupon once; a retry with the same key gets the same answer. */
export async function useCoupon(
  deps: CouponsDeps,
  corp: Corp,
  user: RequestUser,
  couponId: string,
  channel: 'store' | 'online' | 'app',
  key: string,
): Promise<Coupon> {
  const db = deps.database.db;
  const now = deps.clock();
  const c = await repo.getCoupon(db, corp.id, user.id, couponId);
  if (!c) throw new AppError('COUPON_NOT_FOUND');
  const state = couponState(c, now);
  if (state === 'used') {
    if (c.use_key === key) return toCoupon(c, now);
    throw new AppError('COUPON_USED');
  }
  if (state === 'expired') throw new AppError('COUPON_EXPIRED');
  if (state === 'pending') throw new AppError('PRIZE_PENDING_APPROVAL');
  if (state === 'declined') throw new AppError('PRIZE_DECLINED');
  const won = await deps.awards.markUsed(null, corp.id, user.id, couponId, { channel, key, now });
  const after = await repo.getCoupon(db, corp.id, user.id, couponId);
  if (!after) throw new AppError('COUPON_NOT_FOUND');
  // Lost a race to another use: the same key is the same request, anything else is a second use.
  if (!won && after.use_key !== key) throw new AppError('COUPON_USED');
  return toCoupon(after, now);
}
