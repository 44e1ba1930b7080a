import { describe, expect, it } from 'vitest';
import { internalPath, safeInternalPath } from './query-params';

describe('internalPath (open-redirect guard)', () => {
  it('keeps same-origin absolute paths with their query and hash', () => {
    expect(internalPath('/upStdDraw?corpId=demo&actId=wheel-spring#top')).toBe(
      '/upStdDraw?corpId=demo&actId=wheel-spring#top',
    );
    expect(internalPath('/rules?text=a%20b')).toBe('/rules?text=a%20b');
    expect(internalPath('/editAddress/7')).toBe('/editAddress/7');
    // What the query carries is the target page's business, even an encoded URL or a stray percent sign.
    expect(internalPath('/rules?back=https%3A%2F%2Fx.example&p=100%')).toBe(
      '/rules?back=https%3A%2F%2Fx.example&p=100%',
    );
  });

  it.each([
    ['dot segment collapsing into a network path', '/.//evil.example'],
    ['dot segments, deeper', '/a/..//evil.example/x'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['protocol-relative', '//evil.example'],
    ['backslash', '/\\evil.example'],
    ['mixed slashes', '/\\/evil.example'],
    ['tab dropped by the parser', '/\t/evil.example'],
    ['newline dropped by the parser', '/\n/evil.example'],
    ['encoded slashes a later hop decodes', '/%2F%2Fevil.example'],
    ['encoded slash after one slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded dot segment and slash', '/.%2F/evil.example'],
    ['absolute URL', 'https://evil.example/x'],
    ['scheme', 'javascript:alert(1)'],
    ['relative path', 'evil.example'],
    ['broken escape', '/%E0%A4%A'],
  ])('refuses %s: %s', (_what, target) => {
    expect(internalPath(target)).toBeNull();
  });

  it('falls back when refused', () => {
    expect(safeInternalPath('/.//evil.example', '/activityPark')).toBe('/activityPark');
    expect(safeInternalPath(null, '/activityPark')).toBe('/activityPark');
  });
});
