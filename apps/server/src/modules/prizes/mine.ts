import type { OrderState } from '@campaign/contract';
import { couponState, couponValidUntil, orderState } from '../../platform/claim-states';
import type { PrizesDeps } from './deps';
import * as repo from './repo';

type MyPrizeRow = Awaited<ReturnType<typeof repo.myPrizes>>[number];

/**
 * The customer's prizes as the list shows them: a physical prize carries its order's state, a coupon its
 * coupon state (both derived with the clock, the same rules /orderConfirm and /coupon show).
 */
export async function mine(
  deps: PrizesDeps,
  corpId: string,
  userId: string,
  filter: Parameters<typeof repo.myPrizes>[3],
) {
  return (await repo.myPrizes(deps.database.db, corpId, userId, filter)).map((row) => toMyPrize(row, deps.clock()));
}

function toMyPrize({ orderStatus, addressWindowDays, couponValidDays, ...p }: MyPrizeRow, now: number) {
  const orderStateNow: OrderState | null = orderStatus
    ? orderState({ status: orderStatus, created_at: p.createdAt, address_window_days: addressWindowDays }, now)
    : null;
  const coupon =
    p.kind === 'coupon' ? { status: p.status, created_at: p.createdAt, coupon_valid_days: couponValidDays } : null;
  return {
    ...p,
    orderState: orderStateNow,
    couponState: coupon ? couponState(coupon, now) : null,
    validUntil: coupon ? couponValidUntil(coupon) : null,
  };
}
