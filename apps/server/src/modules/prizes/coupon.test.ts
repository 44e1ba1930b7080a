import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { couponCode } from './coupon-code';

/** The definition, written the slow and obvious way: the low 140 bits of the bytes, base32 from the top. */
function reference(bytes: Buffer): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  for (let i = 0; i < 28; i++) {
    out = alphabet[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return (out.match(/.{4}/g) ?? []).join('-');
}

describe('coupon codes', () => {
  it('encode the low 140 bits of 18 random bytes in Crockford base32, groups of four', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = randomBytes(18);
      expect(couponCode(bytes)).toBe(reference(bytes));
    }
    expect(couponCode(Buffer.alloc(18, 0xff))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(couponCode(Buffer.alloc(18, 0))).toBe('0000-0000-0000-0000-0000-0000-0000');
  });
});
