import { addressSnapshotSchema, type Order } from '@campaign/contract';
import { addressDeadline, orderState } from '../../platform/claim-states';
import type { OrderRow } from './repo';

/** An order as the customer sees it, its state derived with the clock. */
export function toOrder(o: OrderRow, now: number): Order {
  const state = orderState(o, now);
  return {
    orderId: o.id,
    awardId: o.award_id,
    actId: o.act_id,
    activityTitle: o.activity_title,
    prizeName: o.prize_name,
    image: o.image,
    valueCents: o.value_cents,
    state,
    address: o.address_snapshot ? addressSnapshotSchema.parse(JSON.parse(o.address_snapshot)) : null,
    addressWindowDays: o.address_window_days,
    addressDeadline: o.status === 'awaiting_address' ? addressDeadline(o) : null,
    trackingNo: o.tracking_no,
    createdAt: o.created_at,
    confirmedAt: o.confirmed_at,
    shippedAt: o.shipped_at,
    deliveredAt: o.delivered_at,
    closedAt: o.closed_at,
    paymentId: o.payment_id,
    paidCents: o.paid_cents,
    paidAt: o.paid_at,
    paymentFailedAt: o.payment_failed_at,
    refundedAt: o.refunded_at,
  };
}
