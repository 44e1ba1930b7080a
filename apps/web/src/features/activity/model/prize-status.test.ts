import { describe, expect, it } from 'vitest';
import { inTab, prizeView } from './prize-status';

const coupon = (couponState: 'unused' | 'used' | 'expired' | null, status: 'issued' | 'exchanged' = 'issued') =>
  ({ kind: 'coupon', status, couponState, orderState: null }) as const;
const gift = (orderState: 'awaiting_address' | 'confirmed' | 'shipped' | 'delivered' | 'expired' | 'refunded') =>
  ({
    kind: 'physical',
    status: orderState === 'awaiting_address' ? 'awaiting_address' : 'exchanged',
    couponState: null,
    orderState,
  }) as const;

describe('prize status as the customer sees it', () => {
  it('shows points as credited whatever the award row says', () => {
    for (const status of ['issued', 'exchanged'] as const)
      expect(prizeView({ kind: 'points', status, couponState: null, orderState: null })).toEqual({
        shown: 'credited',
        tone: 'done',
        canUse: false,
      });
  });

  it('shows a coupon’s real state: an expired one is expired, with no “use now”, though its row says issued', () => {
    expect(prizeView(coupon('unused'))).toEqual({ shown: 'issued', tone: 'action', canUse: true });
    expect(prizeView(coupon('expired'))).toEqual({ shown: 'expired', tone: 'stopped', canUse: false });
    expect(prizeView(coupon('used', 'exchanged'))).toEqual({ shown: 'exchanged', tone: 'done', canUse: false });
  });

  it('styles a physical prize by its order: a confirmed order is on its way, not done and greyed', () => {
    expect(prizeView(gift('awaiting_address')).tone).toBe('action');
    expect(prizeView(gift('confirmed'))).toEqual({ shown: 'order', tone: 'progress', canUse: false });
    expect(prizeView(gift('shipped')).tone).toBe('progress');
    expect(prizeView(gift('delivered')).tone).toBe('done');
    expect(prizeView(gift('expired')).tone).toBe('stopped');
    expect(prizeView(gift('refunded')).tone).toBe('stopped');
  });

  it('puts each prize in the tab of what the customer has to do', () => {
    const points = { kind: 'points', status: 'issued', couponState: null, orderState: null } as const;
    expect(inTab(coupon('unused'), 'action')).toBe(true);
    expect(inTab(coupon('expired'), 'action')).toBe(false);
    expect(inTab(coupon('expired'), 'ended')).toBe(true);
    expect(inTab(points, 'action')).toBe(false);
    expect(inTab(points, 'ended')).toBe(true);
    expect(inTab(gift('awaiting_address'), 'action')).toBe(true);
    expect(inTab(gift('confirmed'), 'progress')).toBe(true);
    expect(inTab(gift('confirmed'), 'ended')).toBe(false);
    for (const p of [points, coupon('used', 'exchanged'), gift('shipped')]) expect(inTab(p, 'all')).toBe(true);
  });
});
