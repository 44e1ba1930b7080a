import type { CouponState, OrderState } from '@campaign/contract';

// How a prize reaches the customer, as states derived with the clock (no timer): the prize list (prizes),
// the order screens (orders) and the coupon screens and the store's counter (coupons) show the same ones.

const DAY = 86_400_000;

/** When an order stops waiting for the customer's address: the activity's window after the win. */
export const addressDeadline = (o: { created_at: number; address_window_days: number }) =>
  o.created_at + o.address_window_days * DAY;

/** An order waiting for an address past the activity's window is expired: evaluated on read, no timer. */
export function orderState(o: { status: OrderState; created_at: number; address_window_days: number }, now: number) {
  return o.status === 'awaiting_address' && now > addressDeadline(o) ? 'expired' : o.status;
}

/** The last moment a coupon can be used, or null when the activity sets no validity. */
export const couponValidUntil = (c: { created_at: number; coupon_valid_days: number | null }) =>
  c.coupon_valid_days === null ? null : c.created_at + c.coupon_valid_days * DAY;

export function couponState(
  c: { status: string; created_at: number; coupon_valid_days: number | null },
  now: number,
): CouponState {
  if (c.status === 'exchanged') return 'used';
  // Held for an approver (审核中, no code yet) or refused: never usable, whatever the clock says.
  if (c.status === 'pending_approval') return 'pending';
  if (c.status === 'declined') return 'declined';
  const until = couponValidUntil(c);
  return until !== null && now > until ? 'expired' : 'unused';
}
