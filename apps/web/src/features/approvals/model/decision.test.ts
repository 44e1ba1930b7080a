import { describe, expect, it } from 'vitest';
import { t } from '../messages';
import { fieldLabel, needsConfirmation, prizeValueCents } from './decision';

describe('approval decision', () => {
  it('reads the prize value the server writes and asks above ¥1,000', () => {
    expect(prizeValueCents([{ label: '奖品价值', value: '¥4999' }])).toBe(499_900);
    expect(prizeValueCents([{ label: '奖品价值', value: '¥1,200.50' }])).toBe(120_050);
    expect(needsConfirmation([{ label: '奖品价值', value: '¥4999' }])).toBe(true);
    expect(needsConfirmation([{ label: '奖品价值', value: '¥1000' }])).toBe(false);
    expect(needsConfirmation([{ label: '奖品价值', value: '¥88' }])).toBe(false);
    expect(needsConfirmation([{ label: '门店', value: '南山店' }])).toBe(false);
  });

  it('names raw field keys in Chinese and keeps written labels', () => {
    expect(fieldLabel('awardId', t)).toBe('奖品单号');
    expect(fieldLabel('storeId', t)).toBe('门店编号');
    expect(fieldLabel('title', t)).toBe('事项');
    expect(fieldLabel('券码', t)).toBe('券码');
  });
});
