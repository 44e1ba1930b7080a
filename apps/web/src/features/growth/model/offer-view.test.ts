import { describe, expect, it } from 'vitest';
import { claimText, inviteTokenOf, offerPhase } from './offer-view';

const base = { blocked: null, claim: null, status: 'live' as const, gift: { left: 3 } };
const gift = { prizeId: 'g', name: 'g', image: '', kind: 'coupon' as const, valueCents: 100 };

describe('offer phase', () => {
  it('a claim shows first, then the gate, then the window, then the stock', () => {
    const claim = { awardId: 'a', claimedAt: 1, prizeName: 'g', couponCode: null, status: 'issued' as const };
    expect(offerPhase({ ...base, gift: { ...gift, left: 3 }, claim, blocked: 'corp' }).kind).toBe('claimed');
    expect(offerPhase({ ...base, gift: { ...gift, left: 3 }, blocked: 'corp', status: 'ended' })).toEqual({
      kind: 'blocked',
      reason: 'corp',
    });
    expect(offerPhase({ ...base, gift: { ...gift, left: 3 }, status: 'ended' })).toEqual({
      kind: 'closed',
      status: 'ended',
    });
    expect(offerPhase({ ...base, gift: { ...gift, left: 0 } }).kind).toBe('sold-out');
    // A paced gift (ADR 0063): none left now, more at the next release.
    expect(offerPhase({ ...base, gift: { ...gift, left: 0, nextReleaseAt: 123 } })).toEqual({
      kind: 'paced-out',
      releaseAt: 123,
    });
    expect(offerPhase({ ...base, gift: { ...gift, left: 0, nextReleaseAt: null } }).kind).toBe('sold-out');
    expect(offerPhase({ ...base, gift: { ...gift, left: null } }).kind).toBe('open');
  });
});

describe('the claimed card', () => {
  it('says when a gift waits for a bank approver or was refused, else that it is in the prize list', () => {
    expect(claimText('pending_approval')).toEqual({ stamp: 'growth.claimPending', desc: 'growth.claimPendingDesc' });
    expect(claimText('declined')).toEqual({ stamp: 'growth.claimDeclined', desc: 'growth.claimDeclinedDesc' });
    for (const status of ['issued', 'awaiting_address', 'exchanged'] as const)
      expect(claimText(status)).toEqual({ stamp: 'growth.claimed', desc: 'growth.claimedDesc' });
  });
});

describe('invite token of a link', () => {
  it('reads a token-shaped value and ignores anything else', () => {
    const token = `${'a'.repeat(40)}.${'b'.repeat(43)}`;
    expect(inviteTokenOf(`?actId=x&invite=${token}`)).toBe(token);
    expect(inviteTokenOf('?invite=<script>')).toBeNull();
    expect(inviteTokenOf('?actId=x')).toBeNull();
  });
});
