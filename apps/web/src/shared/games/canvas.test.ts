import { describe, expect, it } from 'vitest';
import { textOn, wrapText } from './canvas';

// Every character is 10 px wide; enough to exercise the line-breaking rules without a real canvas.
const ctx = {
  measureText: (t: string) => ({ width: Array.from(t).length * 10 }),
} as unknown as CanvasRenderingContext2D;

describe('wrapText', () => {
  it('keeps a name that fits on one line', () => {
    expect(wrapText(ctx, '咖啡券', 40, 2)).toEqual(['咖啡券']);
  });

  it('balances a two-line name instead of leaving one orphan character', () => {
    expect(wrapText(ctx, '50元话费券', 50, 2)).toEqual(['50元', '话费券']);
    expect(wrapText(ctx, '一二三四五', 40, 2)).toEqual(['一二三', '四五']);
  });

  it('ellipsises what does not fit in the allowed lines', () => {
    const lines = wrapText(ctx, '一二三四五六七八九十', 40, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('一二三四');
    expect(lines[1]).toBe('五六七…');
    expect(wrapText(ctx, '一二三四五六', 40, 1)).toEqual(['一二三…']);
  });
});

describe('textOn', () => {
  it('dark text on a light fill, light text on a dark one', () => {
    expect(textOn('#ffd46a')).toBe('#5a1a00');
    expect(textOn('#fff')).toBe('#5a1a00');
    expect(textOn('#1677ff')).toBe('#fff8e1');
    expect(textOn('#e8282b')).toBe('#fff8e1');
    expect(textOn('not a colour')).toBe('#5a1a00');
  });
});
