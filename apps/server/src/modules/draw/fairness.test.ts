import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitment, drawMessage, indexFromMac, newSeed, rollFor, sampleIndex, seedBytes } from './fairness';

const SEED = '5eed0fc0ffee1234deadbeef00112233445566778899aabbccddeeff01234567';
const MAX64 = (1n << 64n) - 1n;

/** Builds a 32-byte MAC whose four big-endian 64-bit chunks are exactly `chunks`. */
function macOf(chunks: readonly bigint[]): Uint8Array {
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  for (const [i, chunk] of chunks.entries()) view.setBigUint64(i * 8, chunk, false);
  return bytes;
}

describe('seeds and commitments', () => {
  it('newSeed gives 32 fresh random bytes as hex', () => {
    const a = newSeed();
    const b = newSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it('commits to SHA-256 of the seed bytes, not of the hex text', () => {
    const expected = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
    expect(commitment(SEED)).toBe(expected);
    expect(commitment(SEED)).not.toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(commitment(SEED.toUpperCase())).toBe(expected);
  });

  it('refuses malformed seeds instead of silently truncating them', () => {
    expect(() => seedBytes(SEED.slice(1))).toThrow(RangeError);
    expect(() => seedBytes(`${SEED}00`)).toThrow(RangeError);
    expect(() => commitment(`g${SEED.slice(1)}`)).toThrow(RangeError);
    expect(() => commitment('')).toThrow(RangeError);
  });
});

describe('drawMessage', () => {
  it('joins userId and nonce, adding the counter only after round 0', () => {
    expect(drawMessage('u1', 'n7')).toBe('u1:n7');
    expect(drawMessage(42, 'n7', 0)).toBe('42:n7');
    expect(drawMessage('u1', 'n7', 2)).toBe('u1:n7:2');
  });

  it('refuses ":" and empty fields so that the encoding stays unambiguous', () => {
    expect(() => drawMessage('a:b', 'c')).toThrow(RangeError);
    expect(() => drawMessage('a', 'b:c')).toThrow(RangeError);
    expect(() => drawMessage('', 'n')).toThrow(RangeError);
    expect(() => drawMessage('u', '')).toThrow(RangeError);
  });
});

describe('indexFromMac: unbiased mapping by rejection sampling', () => {
  // 2^64 mod 3 = 1, so limit = 2^64 - 1 and only the single value 2^64 - 1 is rejected for total = 3.
  it('accepts the first chunk below the limit and reduces it modulo total', () => {
    expect(indexFromMac(macOf([7n, MAX64, MAX64, MAX64]), 3)).toBe(1);
    expect(indexFromMac(macOf([MAX64 - 1n, 0n, 0n, 0n]), 3)).toBe(Number((MAX64 - 1n) % 3n));
  });

  it('skips a chunk in the biased tail and uses the next one', () => {
    // Plain modulo would have answered (2^64 - 1) % 3 = 0 from the first chunk.
    expect(Number(MAX64 % 3n)).toBe(0);
    expect(indexFromMac(macOf([MAX64, 5n, 0n, 0n]), 3)).toBe(2);
    expect(indexFromMac(macOf([MAX64, MAX64, MAX64, 4n]), 3)).toBe(1);
  });

  it('returns null when all four chunks are rejected', () => {
    expect(indexFromMac(macOf([MAX64, MAX64, MAX64, MAX64]), 3)).toBeNull();
  });

  it('puts the limit exactly at 2^64 - (2^64 mod total) for a large total', () => {
    const total = Number.MAX_SAFE_INTEGER; // 2^53 - 1: a big remainder, so a wide rejected tail
    const bigTotal = BigInt(total);
    const limit = (1n << 64n) - ((1n << 64n) % bigTotal);
    expect(indexFromMac(macOf([limit - 1n, 0n, 0n, 0n]), total)).toBe(Number((limit - 1n) % bigTotal));
    expect(indexFromMac(macOf([limit, 9n, 0n, 0n]), total)).toBe(9);
  });

  it('never rejects when total is 1 (2^64 mod 1 = 0)', () => {
    expect(indexFromMac(macOf([MAX64, MAX64, MAX64, MAX64]), 1)).toBe(0);
  });

  it('refuses totals that are not positive safe integers and MACs of the wrong size', () => {
    const mac = macOf([1n, 2n, 3n, 4n]);
    for (const total of [0, -1, 1.5, 2 ** 53, Number.NaN]) {
      expect(() => indexFromMac(mac, total)).toThrow(RangeError);
    }
    expect(() => indexFromMac(new Uint8Array(31), 3)).toThrow(RangeError);
  });

  it('honours the byte offset of a view into a larger buffer', () => {
    const backing = new Uint8Array(40);
    backing.set(macOf([MAX64, 8n, 0n, 0n]), 8);
    expect(indexFromMac(backing.subarray(8), 3)).toBe(2);
  });
});

describe('sampleIndex: the counter path', () => {
  it('moves to the next MAC round when all four chunks of round 0 are rejected', () => {
    const asked: number[] = [];
    const rounds = [macOf([MAX64, MAX64, MAX64, MAX64]), macOf([MAX64, 10n, 0n, 0n])];
    const index = sampleIndex(3, (counter) => {
      asked.push(counter);
      const mac = rounds[counter];
      if (!mac) throw new Error(`unexpected round ${counter}`);
      return mac;
    });
    expect(asked).toEqual([0, 1]);
    expect(index).toBe(1);
  });

  it('stops with an error instead of looping forever on a broken MAC source', () => {
    expect(() => sampleIndex(3, () => macOf([MAX64, MAX64, MAX64, MAX64]))).toThrow(/broken/);
  });
});

describe('rollFor', () => {
  it('is HMAC-SHA256(seed bytes, "userId:drawNonce") mapped to [0, total)', () => {
    const mac = createHmac('sha256', Buffer.from(SEED, 'hex')).update('user-1:n0').digest();
    const total = 1000;
    const first = mac.readBigUInt64BE(0);
    // For total = 1000 the rejected tail is 616 values out of 2^64: the first chunk is accepted here.
    expect(first < (1n << 64n) - ((1n << 64n) % 1000n)).toBe(true);
    expect(rollFor(SEED, 'user-1', 'n0', total)).toEqual({
      roll: Number(first % 1000n),
      rollHex: mac.toString('hex'),
    });
  });

  it('is deterministic and depends on the seed, the user and the nonce', () => {
    const base = rollFor(SEED, 'u', 'n1', 1_000_000);
    expect(rollFor(SEED, 'u', 'n1', 1_000_000)).toEqual(base);
    const otherSeed = `${SEED.slice(0, 63)}8`;
    expect(rollFor(otherSeed, 'u', 'n1', 1_000_000).rollHex).not.toBe(base.rollHex);
    expect(rollFor(SEED, 'v', 'n1', 1_000_000).rollHex).not.toBe(base.rollHex);
    expect(rollFor(SEED, 'u', 'n2', 1_000_000).rollHex).not.toBe(base.rollHex);
  });

  it('treats a numeric userId like its decimal text', () => {
    expect(rollFor(SEED, 42, 'n1', 97)).toEqual(rollFor(SEED, '42', 'n1', 97));
  });

  it('keeps rollHex independent of the total, so it identifies the MAC alone', () => {
    expect(rollFor(SEED, 'u', 'n1', 3).rollHex).toBe(rollFor(SEED, 'u', 'n1', 1000).rollHex);
  });
});
