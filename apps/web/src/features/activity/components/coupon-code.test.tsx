import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fire, render } from '#web/shared/testing/render';
import { CouponCode, codeGroups } from './coupon-code';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CouponCode', () => {
  it('splits the server’s dash groups, or groups of four when there are none', () => {
    expect(codeGroups('PF4R-9H27-MMNP-PJYW-KVT4-Y4C8-7J9D')).toEqual([
      'PF4R',
      '9H27',
      'MMNP',
      'PJYW',
      'KVT4',
      'Y4C8',
      '7J9D',
    ]);
    expect(codeGroups('ABCDEFGHIJ')).toEqual(['ABCD', 'EFGH', 'IJ']);
    expect(codeGroups('')).toEqual([]);
  });

  it('shows every character of a 34-character code and copies it exactly', async () => {
    const code = 'PF4R-9H27-MMNP-PJYW-KVT4-Y4C8-7J9D';
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container } = render(<CouponCode code={code} label="券码" />);
    const shown = container.querySelector('[data-testid="coupon-code"]')?.textContent;
    expect(shown).toBe(code.replaceAll('-', ' '));
    const copy = container.querySelector('button');
    expect(copy?.getAttribute('aria-label')).toBe('复制券码');
    if (!copy) throw new Error('no copy button');
    fire.click(copy);
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(code));
    // The toast saying so loads its code on first use: let it arrive before the test environment goes.
    await vi.waitFor(() => expect(document.body.textContent).toContain('已复制'), { timeout: 10_000 });
    // The toast's chunk loads on first use: on a busy machine that alone takes seconds.
  }, 15_000);
});
