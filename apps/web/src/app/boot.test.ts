import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockBridgeAllowed } from './boot';

/** A page head with or without the mark the server adds in demo mode. */
const page = (content: string | null) => ({
  querySelector: (selector: string) =>
    content !== null && selector === 'meta[name="campaign-demo"]'
      ? ({ getAttribute: (name: string) => (name === 'content' ? content : null) } as unknown as Element)
      : null,
});

describe('mockBridgeAllowed', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('in a built bundle, only on a page the server marked as a demo', () => {
    vi.stubEnv('DEV', false);
    expect(mockBridgeAllowed(page('1'))).toBe(true);
    expect(mockBridgeAllowed(page(null))).toBe(false);
    expect(mockBridgeAllowed(page('0'))).toBe(false);
  });

  it('always in the dev server', () => {
    vi.stubEnv('DEV', true);
    expect(mockBridgeAllowed(page(null))).toBe(true);
  });
});
