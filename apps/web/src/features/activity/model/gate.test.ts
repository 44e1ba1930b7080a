import { describe, expect, it } from 'vitest';
import { type ActivityWindow, countdownParts, type GateInput, gateOf, pacedUntil, soldOut } from './gate';

const activity: ActivityWindow = { status: 'live', startsAt: 1_000, endsAt: 10_000 };
const base: GateInput = { activity, now: 5_000, surplus: null, loggedIn: true, refusal: null, loadFailed: null };
const surplus = (chancesLeft: number, lefts: Array<number | null> = [5, null]) => ({
  chancesLeft,
  chancesLeftToday: chancesLeft,
  drawsMade: 0,
  prizes: lefts.map((left, i) => ({ prizeId: `p${i}`, left })),
});

describe('gateOf', () => {
  it('is ready inside the window with chances left', () => {
    expect(gateOf({ ...base, surplus: surplus(2) })).toBe('ready');
  });
  it('uses the server clock for the window', () => {
    expect(gateOf({ ...base, now: 500 })).toBe('not-started');
    expect(gateOf({ ...base, now: 10_000 })).toBe('ended');
    expect(gateOf({ ...base, activity: { ...activity, status: 'ended' } })).toBe('ended');
    expect(gateOf({ ...base, activity: { ...activity, status: 'scheduled' } })).toBe('not-started');
    expect(gateOf({ ...base, activity: { ...activity, status: 'paused' } })).toBe('paused');
  });
  it('shows no chances only to a logged-in user with none left, or after a 2006 refusal', () => {
    expect(gateOf({ ...base, surplus: surplus(0) })).toBe('no-chances');
    expect(gateOf({ ...base, loggedIn: false, surplus: surplus(0) })).toBe('ready');
    expect(gateOf({ ...base, refusal: 'no-chances' })).toBe('no-chances');
    expect(gateOf({ ...base, refusal: 'not-eligible' })).toBe('not-eligible');
  });
  it('is sold out when every stocked prize is gone', () => {
    expect(soldOut(surplus(3, [0, 0, null]))).toBe(true);
    expect(soldOut(surplus(3, [0, 1, null]))).toBe(false);
    expect(soldOut(surplus(3, [null]))).toBe(false);
    expect(gateOf({ ...base, surplus: surplus(3, [0, null]) })).toBe('sold-out');
  });
  it('says when to come back, not sold out, while a paced prize has a release to come (ADR 0063)', () => {
    const paced = {
      ...surplus(3, [0, null]),
      prizes: [
        { prizeId: 'p0', left: 0, nextReleaseAt: 9_000 },
        { prizeId: 'p1', left: 0, nextReleaseAt: 7_000 },
        { prizeId: 'p2', left: null },
      ],
    };
    expect(pacedUntil(paced)).toBe(7_000);
    expect(gateOf({ ...base, surplus: paced })).toBe('paced-out');
    // Released units left on one prize: the game is on.
    const open = { ...paced, prizes: [{ prizeId: 'p0', left: 2, nextReleaseAt: 9_000 }] };
    expect(pacedUntil(open)).toBeNull();
    expect(gateOf({ ...base, surplus: open })).toBe('ready');
    // Nothing left and no release to come: sold out.
    const done = { ...paced, prizes: [{ prizeId: 'p0', left: 0, nextReleaseAt: null }] };
    expect(gateOf({ ...base, surplus: done })).toBe('sold-out');
  });
  it('reports load failures and loading', () => {
    expect(gateOf({ ...base, loadFailed: 'offline' })).toBe('offline');
    expect(gateOf({ ...base, activity: null })).toBe('loading');
  });
});

describe('countdownParts', () => {
  it('splits milliseconds into days, hours, minutes, seconds and stops at zero', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
