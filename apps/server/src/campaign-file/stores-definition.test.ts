import { describe, expect, it } from 'vitest';
import { activityYaml } from '../testing/campaign';
import { parseDefinition } from './definition';
import { parseStoresCsv, StoresCsvError } from './stores-definition';

const HEADER = 'id,name,address,cityCode,cityName,lng,lat,hours,phone';
const GOOD =
  'sh-1,外滩支行,上海市黄浦区中山东一路 1 号,310100,上海市,121.490317,31.241701,"Mon-Fri 09:00-17:00; Sat 10:00-15:00",021-6321 0001';

function problems(text: string): string[] {
  try {
    parseStoresCsv(text, 'stores.csv');
  } catch (e) {
    if (e instanceof StoresCsvError) return e.problems;
    throw e;
  }
  return [];
}

describe('stores CSV', () => {
  it('reads stores (quoted fields, any column order, a BOM, CRLF)', () => {
    const cols = 'phone,id,name,address,cityCode,cityName,lng,lat,hours';
    const text = `\uFEFF${HEADER}\r\n${GOOD}\r\n\r\n`;
    const [s] = parseStoresCsv(text);
    expect(s).toMatchObject({ id: 'sh-1', lng: 121.490317, hours: 'Mon-Fri 09:00-17:00; Sat 10:00-15:00' });
    const reordered = parseStoresCsv(
      `${cols}\n021-1234 5678,"bj-1",西单,"北京市西城区西单北大街 120 号",110100,北京市,116.37,39.91,09:00-21:00`,
    );
    expect(reordered[0]).toMatchObject({ id: 'bj-1', phone: '021-1234 5678' });
  });

  it('names the line and the field of every problem, and imports nothing', () => {
    const text = [
      HEADER,
      GOOD,
      'sh-2,外,上海,310100,上海市,121.49,31.24,09:00-17:00,021-1',
      'sh-3,外滩二号,上海市黄浦区中山东一路 2 号,3101,上海市,200,31.24,9-17,021-63210002',
      GOOD,
      'sh-4,"未结束的引号,x',
      'sh-5,only,three',
    ].join('\n');
    const p = problems(text);
    expect(p).toContain('stores.csv:3: name: Too small: expected string to have >=2 characters');
    expect(p.some((x) => x.startsWith('stores.csv:3: address'))).toBe(true);
    expect(p.some((x) => x.startsWith('stores.csv:4: cityCode: a six-digit'))).toBe(true);
    expect(p.some((x) => x.startsWith('stores.csv:4: lng: GCJ-02 longitude'))).toBe(true);
    expect(p.some((x) => x.startsWith('stores.csv:4: hours: hours "9-17"'))).toBe(true);
    expect(p).toContain('stores.csv:5: id: store "sh-1" is also on line 2');
    expect(p).toContain('stores.csv:6: unterminated quote');
    expect(p).toContain('stores.csv:7: 3 fields, the header has 9');
  });

  it('the malformed CSVs of issue 32 (a quote inside a field, an unclosed quote, random bytes, a formula) name their line', () => {
    let x = 0x2545f491;
    const noise = Buffer.from(
      new Uint8Array(200 * 1024).map(() => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return x & 0xff;
      }),
    );
    expect(problems(`${HEADER}\nC"1,13800000001\n`)).toEqual(['stores.csv:2: 2 fields, the header has 9']);
    expect(problems(`${HEADER}\n"sh-9,a,b,310100,上海市,121.4,31.2,09:00-17:00,021\n`)).toEqual([
      'stores.csv:2: unterminated quote',
    ]);
    expect(problems(noise.toString('utf8'))[0]).toMatch(/^stores\.csv:1: header: missing column/);
    expect(problems(`${HEADER}\n=HYPERLINK("http://evil.example"),${GOOD.slice(5)}\n`)).toEqual([
      expect.stringMatching(/^stores\.csv:2: id: /),
    ]);
  });

  it('a missing column is named', () => {
    expect(problems('id,name\nx,y')).toEqual([
      'stores.csv:1: header: missing column(s) address, cityCode, cityName, lng, lat, hours, phone',
    ]);
  });
});

describe('stores in the campaign file', () => {
  it('a list naming an undefined store or activity is refused with its line', () => {
    const yaml = `
stores:
  - { id: s1, corp: demo, name: 外滩支行, address: 上海市黄浦区中山东一路 1 号, cityCode: "310100", cityName: 上海市, phone: "021-1234", lng: 121.49, lat: 31.24, hours: "09:00-17:00" }
storeLists:
  - { id: l1, corp: demo, name: 核销门店, stores: [s1, s2], activities: [nope] }
`;
    expect(() => parseDefinition(yaml, 'x.yaml')).toThrow(
      /x\.yaml:5: storeLists\.0\.stores\.1: store "s2" is not defined/,
    );
    // Activities are checked when the file defines some for the corp (else at import, against the database).
    const prizes = '      - { id: thanks, name: 谢谢参与, kind: thanks, image: /p.svg, weight: 1, consolation: true }';
    const withActivity = `${yaml}${activityYaml('real', { prizes })}`;
    expect(() => parseDefinition(withActivity, 'x.yaml')).toThrow(/activity "nope" is not defined/);
  });
});
