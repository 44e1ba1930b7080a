import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { PrizesDeps } from './deps';
import { mine } from './mine';
import * as repo from './repo';

/**
 * The exchange the customer confirmed on screen: a coupon is used once (channel app), points are
 * marked exchanged, a physical prize needs an address and confirms its order (the snapshot is taken; a
 * risk-checked campaign's confirmation is judged there, ADR 0060).
 */
export async function exchange(
  deps: PrizesDeps,
  corp: Corp,
  user: RequestUser,
  awardId: string,
  addNo: string | undefined,
  key: string,
  ip = '',
) {
  const [award] = await mine(deps, corp.id, user.id, { awardId });
  if (!award) throw new AppError('PRIZE_NOT_FOUND');
  // Held or declined by an approver: nothing to use (docs/decisions/0321-approvals.md).
  if (award.status === 'pending_approval') throw new AppError('PRIZE_PENDING_APPROVAL');
  if (award.status === 'declined') throw new AppError('PRIZE_DECLINED');
  if (award.kind === 'physical') {
    if (!addNo) throw new AppError('EXCHANGE_REFUSED');
    const order = await deps.orders.orderOfAward(corp.id, user.id, awardId);
    if (!order) throw new AppError('PRIZE_NOT_FOUND');
    await deps.orders.confirmOrder(corp, user, order.id, addNo, ip);
  } else if (award.kind === 'coupon') {
    if (award.status !== 'exchanged') await deps.coupons.useCoupon(corp, user, awardId, 'app', key);
  } else if (award.status !== 'exchanged') {
    await repo.setAwardStatus(deps.database.db, corp.id, awardId, 'issued', 'exchanged', deps.clock());
  }
  const [after] = await mine(deps, corp.id, user.id, { awardId });
  if (!after) throw new AppError('PRIZE_NOT_FOUND');
  return after;
}
