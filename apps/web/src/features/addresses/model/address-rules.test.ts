import { addressInputSchema, FIELD_MESSAGES } from '@campaign/contract';
import { describe, expect, it } from 'vitest';
import { t } from '../messages';
import { type AddressInput, serverFieldErrors, validateAddress } from './address-rules';

const good: AddressInput = {
  name: '李四',
  mobile: '13912345678',
  provinceCode: '310000',
  cityCode: '310100',
  districtCode: '310115',
  detail: '世纪大道 100 号',
  isDefault: false,
};

const cases: Array<[string, Partial<AddressInput>]> = [
  ['valid', {}],
  ['one-character name', { name: '李' }],
  ['name of spaces around one character', { name: '  李  ' }],
  ['21-character name', { name: '张'.repeat(21) }],
  ['20-character name', { name: '张'.repeat(20) }],
  ['landline', { mobile: '02112345678' }],
  ['12-digit mobile', { mobile: '139123456789' }],
  ['mobile starting 12', { mobile: '12912345678' }],
  ['no district', { districtCode: '' }],
  ['5-digit city code', { cityCode: '31010' }],
  ['4-character street', { detail: '一二三四' }],
  ['padded 4-character street', { detail: '   一二三四   ' }],
  ['121-character street', { detail: 'x'.repeat(121) }],
  ['120-character street', { detail: 'x'.repeat(120) }],
];

describe('address rules (instant feedback)', () => {
  it.each(cases)('agrees with the contract schema the server validates with: %s', (_name, patch) => {
    const input = { ...good, ...patch };
    const server = addressInputSchema.safeParse(input);
    const fields = new Set(
      (server.error?.issues ?? []).map((i) => {
        const key = String(i.path[0]);
        return key.endsWith('Code') ? 'region' : key;
      }),
    );
    expect(new Set(Object.keys(validateAddress(input)))).toEqual(fields);
  });

  it('says what is wrong in the same words as the server, in both languages', () => {
    const pairs = [
      ['address.error.name', 'addressName'],
      ['address.error.mobile', 'mobile'],
      ['address.error.region', 'regionCode'],
      ['address.error.detail', 'addressDetail'],
    ] as const;
    for (const [key, field] of pairs) {
      expect(t(key, undefined, 'zh-CN')).toBe(FIELD_MESSAGES[field]['zh-CN']);
      expect(t(key, undefined, 'en-US')).toBe(FIELD_MESSAGES[field]['en-US']);
    }
  });
});

describe('serverFieldErrors', () => {
  it('puts each of the server’s field messages next to its field (the envelope’s `fields`)', () => {
    const fields = {
      'body.name': FIELD_MESSAGES.addressName['zh-CN'],
      'body.districtCode': FIELD_MESSAGES.regionCode['zh-CN'],
      'body.cityCode': FIELD_MESSAGES.regionCode['zh-CN'],
      'body.detail': FIELD_MESSAGES.addressDetail['zh-CN'],
    };
    expect(serverFieldErrors(fields)).toEqual({
      fields: {
        name: FIELD_MESSAGES.addressName['zh-CN'],
        region: FIELD_MESSAGES.regionCode['zh-CN'],
        detail: FIELD_MESSAGES.addressDetail['zh-CN'],
      },
      rest: [],
    });
  });

  it('keeps what names no field of the form', () => {
    const fields = { 'body.mobile': FIELD_MESSAGES.mobile['en-US'], 'body.isDefault': 'expected boolean' };
    expect(serverFieldErrors(fields)).toEqual({
      fields: { mobile: FIELD_MESSAGES.mobile['en-US'] },
      rest: ['body.isDefault expected boolean'],
    });
  });
});
