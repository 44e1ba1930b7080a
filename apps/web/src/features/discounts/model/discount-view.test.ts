import { describe, expect, it } from 'vitest';
import { blocker, type Discount, detailPage, preview } from './discount-view';

const live: Discount = {
  discountId: 'lj',
  title: '咖啡立减',
  rules: [],
  amountCents: 1000,
  thresholdCents: 3000,
  validCards: [],
  validMerchants: [],
  startsAt: 0,
  endsAt: 1,
  totalLimit: 100,
  totalLeft: 10,
  perUserLimit: 2,
  userLeft: 1,
  dailyLimit: 20,
  leftToday: 5,
  status: 'live',
};

describe('instant discount view', () => {
  it('applies from the threshold on and never makes a payment free', () => {
    expect(preview(live, 2999)).toEqual({ applies: false, discountCents: 0, payCents: 2999 });
    expect(preview(live, 3000)).toEqual({ applies: true, discountCents: 1000, payCents: 2000 });
    expect(preview({ amountCents: 1000, thresholdCents: 0 }, 800)).toEqual({
      applies: true,
      discountCents: 799,
      payCents: 1,
    });
    expect(preview(live, null)).toBeNull();
  });

  it('names why it cannot be used now', () => {
    expect(blocker(live)).toBeNull();
    expect(blocker({ ...live, status: 'ended' })).toBe('not-live');
    expect(blocker({ ...live, userLeft: 0 })).toBe('used-up');
    expect(blocker({ ...live, leftToday: 0 })).toBe('none-today');
    expect(blocker({ ...live, leftToday: null })).toBeNull();
  });
});

describe('the discount detail page for any link', () => {
  it('gives a broken link, an unknown id and an ended discount their own states', () => {
    expect(detailPage('', { isError: false })).toBe('bad-link');
    expect(detailPage('bad id/..', { isError: false })).toBe('bad-link');
    expect(detailPage('lj', { isError: false })).toBe('loading');
    expect(detailPage('lj', { isError: true, errorCode: 3301 })).toBe('not-found');
    expect(detailPage('lj', { isError: true, status: 404 })).toBe('not-found');
    expect(detailPage('lj', { isError: true, status: 503 })).toBe('failed');
    expect(detailPage('lj', { isError: true, errorCode: undefined })).toBe('failed');
    expect(detailPage('lj', { isError: false, data: { ...live, status: 'ended' } })).toBe('ended');
    expect(detailPage('lj', { isError: false, data: { ...live, status: 'scheduled' } })).toBe('show');
    expect(detailPage('lj', { isError: false, data: live })).toBe('show');
  });
});
