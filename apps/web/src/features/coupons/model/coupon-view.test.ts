import { describe, expect, it } from 'vitest';
import { daysUntil, groupCode, qrImageSrc, tabFrom } from './coupon-view';

describe('coupon view', () => {
  it('groups a code in fours for reading it out at a till', () => {
    expect(groupCode('ABCD1234EFGH')).toBe('ABCD 1234 EFGH');
    expect(groupCode('ABCD-1234-EF')).toBe('ABCD 1234 EF');
  });
  it('shows the server’s QR markup only as an image (no script of it can run in the page)', () => {
    const src = qrImageSrc('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(src).not.toContain('<');
  });
  it('reads the tab from the URL', () => {
    expect(tabFrom('used')).toBe('used');
    expect(tabFrom('goods')).toBe('goods');
    expect(tabFrom('nope')).toBe('unused');
    expect(tabFrom(null)).toBe('unused');
  });
  it('counts days to the end of validity', () => {
    expect(daysUntil(null, 0)).toBeNull();
    expect(daysUntil(2.5 * 86_400_000, 0)).toBe(3);
  });
});
