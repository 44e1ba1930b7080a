import { ORDER_STATES } from '@campaign/contract';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '#web/shared/ui/icon-sprite';
import { ORDER_STATE_VIEW } from '#web/shared/ui/order-state';
import { daysLeft, journeySteps, type Order, STATE_DESC } from './order-view';

const order: Order = {
  orderId: 'ord-00000001',
  awardId: 'aw1',
  actId: 'blindbox',
  activityTitle: '新春盲盒',
  prizeName: '新春礼盒',
  image: '/prizes/gift.svg',
  valueCents: 19900,
  state: 'awaiting_address',
  address: null,
  addressWindowDays: 7,
  addressDeadline: 10 * 86_400_000,
  trackingNo: null,
  createdAt: 100,
  confirmedAt: null,
  shippedAt: null,
  deliveredAt: null,
  closedAt: null,
  paymentId: null,
  paidCents: null,
  paidAt: null,
  paymentFailedAt: null,
  refundedAt: null,
};

describe('order view', () => {
  it('has an icon from the sprite, a label and a description for every state of the contract', () => {
    for (const state of ORDER_STATES) {
      expect(ICON_NAMES).toContain(ORDER_STATE_VIEW[state].icon);
      expect(STATE_DESC[state]).toBeDefined();
    }
    // The spec's order-state icons are the ones used for the states they name.
    expect(ORDER_STATE_VIEW.expired.icon).toBe('order-expired');
    expect(ORDER_STATE_VIEW.closed.icon).toBe('order-closed');
    expect(ORDER_STATE_VIEW.payment_failed.icon).toBe('order-pay-failed');
    expect(ORDER_STATE_VIEW.refunded.icon).toBe('order-refund');
    expect(ORDER_STATE_VIEW.paid.icon).toBe('order-paid');
  });

  it('marks the journey up to the current state', () => {
    expect(journeySteps(order)?.map((s) => s.status)).toEqual(['current', 'todo', 'todo', 'todo']);
    const shipped = journeySteps({ ...order, state: 'shipped', confirmedAt: 200, shippedAt: 300 });
    expect(shipped?.map((s) => [s.status, s.at])).toEqual([
      ['done', 100],
      ['done', 200],
      ['current', 300],
      ['todo', null],
    ]);
    expect(journeySteps({ ...order, state: 'delivered', deliveredAt: 400 })?.at(-1)?.status).toBe('done');
    expect(journeySteps({ ...order, state: 'expired' })).toBeNull();
  });

  it('counts whole days to the address deadline', () => {
    expect(daysLeft(order.addressDeadline, 0)).toBe(10);
    expect(daysLeft(order.addressDeadline, 9.5 * 86_400_000)).toBe(1);
    expect(daysLeft(order.addressDeadline, 11 * 86_400_000)).toBe(0);
    expect(daysLeft(null, 0)).toBeNull();
  });
});
