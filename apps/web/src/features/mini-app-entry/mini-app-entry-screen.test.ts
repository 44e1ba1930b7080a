import { describe, expect, it } from 'vitest';
import { entryTarget } from './mini-app-entry-screen';

describe('mini-app entry target', () => {
  it('forwards to an internal target only', () => {
    expect(entryTarget(new URLSearchParams('miniAppId=m&target=%2Fupstd%3FactId%3D1'))).toBe('/upstd?actId=1');
    expect(entryTarget(new URLSearchParams('target=https%3A%2F%2Fevil.example'))).toBe('/login');
    expect(entryTarget(new URLSearchParams(''))).toBe('/login');
  });
});
