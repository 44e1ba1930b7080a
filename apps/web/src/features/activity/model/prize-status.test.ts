import { describe, expect, it } from 'vitest';
import { inTab, shownStatus } from './prize-status';

describe('prize status as the customer sees it', () => {
  it('shows points as credited whatever the award row says, other kinds as the server says', () => {
    expect(shownStatus({ kind: 'points', status: 'issued' })).toBe('credited');
    expect(shownStatus({ kind: 'points', status: 'exchanged' })).toBe('credited');
    expect(shownStatus({ kind: 'coupon', status: 'issued' })).toBe('issued');
    expect(shownStatus({ kind: 'physical', status: 'awaiting_address' })).toBe('awaiting_address');
  });

  it('lists credited points under "used/credited", never under "to use"', () => {
    const points = { kind: 'points', status: 'issued' } as const;
    const coupon = { kind: 'coupon', status: 'issued' } as const;
    const used = { kind: 'coupon', status: 'exchanged' } as const;
    expect(inTab(points, 'issued')).toBe(false);
    expect(inTab(points, 'done')).toBe(true);
    expect(inTab(coupon, 'issued')).toBe(true);
    expect(inTab(coupon, 'done')).toBe(false);
    expect(inTab(used, 'done')).toBe(true);
    for (const p of [points, coupon, used]) expect(inTab(p, 'all')).toBe(true);
  });
});
