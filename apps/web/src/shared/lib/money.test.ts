import { describe, expect, it } from 'vitest';
import { centsFromYuan, yuan } from './money';

describe('money', () => {
  it('shows cents as yuan', () => {
    expect(yuan(5000)).toBe('¥50');
    expect(yuan(1250)).toBe('¥12.50');
  });
  it('reads what a customer typed in yuan, and nothing else', () => {
    expect(centsFromYuan('12')).toBe(1200);
    expect(centsFromYuan(' 12.5 ')).toBe(1250);
    expect(centsFromYuan('12.05')).toBe(1205);
    for (const bad of ['', '0', '0.00', '12.345', '1e3', '-5', '12.', '.5', '12,50'])
      expect(centsFromYuan(bad)).toBeNull();
  });
});
