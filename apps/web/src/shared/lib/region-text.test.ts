import { describe, expect, it } from 'vitest';
import { regionText } from './region-text';

describe('regionText', () => {
  it('hides 市辖区 and a repeated municipality, as addresses are printed', () => {
    expect(regionText('北京市', '市辖区', '东城区')).toBe('北京市 东城区');
    expect(regionText('上海市', '上海市', '浦东新区')).toBe('上海市 浦东新区');
    expect(regionText('广东省', '深圳市', '南山区')).toBe('广东省 深圳市 南山区');
    expect(regionText('重庆市', '县', '城口县')).toBe('重庆市 城口县');
  });
});
