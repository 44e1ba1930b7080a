import { describe, expect, it } from 'vitest';
import { entryTarget } from './mini-app-entry-screen';

describe('mini-app entry target', () => {
  it('forwards to an internal target only', () => {
    expect(entryTarget(new URLSearchParams('miniAppId=m&target=%2Fupstd%3FactId%3D1'))).toBe('/upstd?actId=1');
  });

  it('without a usable target, lands on the corp’s activity park', () => {
    expect(entryTarget(new URLSearchParams('corpId=demo&target=https%3A%2F%2Fevil.example'))).toBe(
      '/activityPark?corpId=demo',
    );
    expect(entryTarget(new URLSearchParams('corpId=demo'))).toBe('/activityPark?corpId=demo');
    // No corpId in the URL: the one start-up remembered in the cookie.
    expect(entryTarget(new URLSearchParams(''), 'corp-b')).toBe('/activityPark?corpId=corp-b');
    expect(entryTarget(new URLSearchParams(''), null)).toBe('/activityPark');
  });
});
