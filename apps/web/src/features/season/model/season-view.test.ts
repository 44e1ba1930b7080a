import { describe, expect, it } from 'vitest';
import { bandLabel, seasonLink, timeLeft, visitProgress } from './season-view';

describe('season view helpers', () => {
  it('counts down in days, hours, minutes and seconds, never below zero', () => {
    expect(timeLeft(90_061_000, 0)).toEqual({ d: 1, h: 1, m: 1, s: 1, over: false });
    expect(timeLeft(0, 5)).toMatchObject({ d: 0, s: 0, over: true });
  });
  it('labels bands and keeps the activity in links', () => {
    expect(bandLabel(1, 1)).toBe('1');
    expect(bandLabel(2, 10)).toBe('2–10');
    expect(seasonLink('/pro1/rank', 'pro1-season')).toBe('/pro1/rank?actId=pro1-season');
  });
  it('measures a visit on the server clock', () => {
    expect(visitProgress(1000, 5, 3500)).toBe(0.5);
    expect(visitProgress(1000, 5, 99_000)).toBe(1);
    expect(visitProgress(1000, 5, 0)).toBe(0);
  });
});
