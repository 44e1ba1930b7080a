import { describe, expect, it } from 'vitest';
import { parseNativeAddress, placeInTree, type RegionTree } from './native-address';

const tree: RegionTree = {
  source: 'test',
  provinces: [
    {
      code: '310000',
      name: '上海市',
      children: [{ code: '310100', name: '上海市', children: [{ code: '310115', name: '浦东新区' }] }],
    },
    {
      code: '440000',
      name: '广东省',
      children: [
        { code: '440100', name: '广州市', children: [{ code: '440106', name: '天河区' }] },
        { code: '440300', name: '深圳市', children: [{ code: '440305', name: '南山区' }] },
      ],
    },
  ],
};

describe('the host app’s default address', () => {
  it('reads names and codes, wrapped or not', () => {
    const answer = {
      data: {
        name: ' 张三 ',
        mobile: '13800138000',
        provinceName: '广东省',
        cityCode: '440300',
        detail: '科技园 1 号',
      },
    };
    expect(parseNativeAddress(answer)).toEqual({
      name: '张三',
      mobile: '13800138000',
      detail: '科技园 1 号',
      province: '广东省',
      city: '',
      district: '',
      cityCode: '440300',
    });
  });

  it('is no address without a name, a mobile or a street', () => {
    expect(parseNativeAddress({ name: '张三', mobile: '13800138000' })).toBeNull();
    expect(parseNativeAddress('nope')).toBeNull();
    expect(parseNativeAddress(null)).toBeNull();
  });

  it('is placed in the region tree by code, else by name, and only when the three belong together', () => {
    const base = { name: '张三', mobile: '13800138000', detail: 'x', province: '', city: '', district: '' };
    expect(placeInTree(tree, { ...base, provinceCode: '440000', cityCode: '440300', districtCode: '440305' })).toEqual({
      codes: ['440000', '440300', '440305'],
      names: ['广东省', '深圳市', '南山区'],
    });
    expect(placeInTree(tree, { ...base, province: '上海市', city: '上海市', district: '浦东新区' })?.codes).toEqual([
      '310000',
      '310100',
      '310115',
    ]);
    // A district of another city does not belong to this one.
    expect(
      placeInTree(tree, { ...base, provinceCode: '440000', cityCode: '440100', districtCode: '440305' }),
    ).toBeNull();
  });
});
