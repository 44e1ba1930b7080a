import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type Assignment,
  assignBucket,
  assignmentMessage,
  BUCKETS,
  bucketFromDigest,
  bucketOf,
  bucketOfAsync,
  inSlice,
  mayShareCustomers,
  placementProblem,
  type Split,
  splitProblem,
  stickyAssign,
} from './experiment-bucket';

const A = '9f2c4e7a1b3d5f60718293a4b5c6d7e8';
const B = 'c0ffee00deadbeef0123456789abcdef';
const HALF: Split = { variants: [5000, 5000] };
const THIRDS: Split = { variants: [3400, 3300, 3300], holdout: 1000 };
const H = 'holdout';

/**
 * The published test vectors (docs/experiments.md): customer id, salt, bucket, variant under 50/50, variant under
 * 34/33/33 with a 10% holdout. Changing any of them breaks every other system that buckets our way.
 */
const VECTORS: [string, string, number, number, number | 'holdout'][] = [
  ['u1', A, 1381, 0, 0],
  ['u2', A, 2392, 0, 0],
  ['u3', A, 5519, 1, 1],
  ['10001', A, 5922, 1, 1],
  ['10002', A, 7854, 1, 2],
  ['10003', A, 8036, 1, 2],
  ['10004', A, 13, 0, H],
  ['10006', A, 648, 0, H],
  ['6222020200112233', A, 1987, 0, 0],
  ['客户-0001', A, 5881, 1, 1],
  ['a:b', A, 9091, 1, 2],
  ['user@example.com', A, 2122, 0, 0],
  ['U-000042', A, 7727, 1, 2],
  ['0', A, 2281, 0, 0],
  ['u1', B, 2034, 0, 0],
  ['u2', B, 6153, 1, 1],
];

const nodeSha: (m: string) => Uint8Array = (m) => createHash('sha256').update(m, 'utf8').digest();
const webSha = async (m: string) => webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(m));

/** The bucket computed again without the module: Node's hash, Buffer's UTF-8 and readUInt32BE. */
function independentBucket(salt: string, id: string): number {
  return (
    createHash('sha256')
      .update(Buffer.from(`${salt}:${id}`, 'utf8'))
      .digest()
      .readUInt32BE(0) % 10_000
  );
}

/** The 34/33/33 + 10% borders worked out by hand: 9,000 buckets cut 3,060 / 2,970 / 2,970. */
function thirdsByHand(bucket: number): number | 'holdout' {
  if (bucket < 1000) return H;
  if (bucket < 4060) return 0;
  return bucket < 7030 ? 1 : 2;
}

const label = (a: Assignment) => (a.kind === 'holdout' ? H : a.variant);

describe('experiment buckets', () => {
  it.each(VECTORS)('%s under %s is bucket %i', async (id, salt, bucket, half, thirds) => {
    expect(independentBucket(salt, id)).toBe(bucket);
    expect(bucketOf(salt, id, nodeSha)).toBe(bucket);
    expect(await bucketOfAsync(salt, id, webSha)).toBe(bucket);
    expect(label(assignBucket(bucket, HALF))).toBe(half);
    expect(label(assignBucket(bucket, THIRDS))).toBe(thirds);
    expect(thirdsByHand(bucket)).toBe(thirds);
    expect(half).toBe(bucket < 5000 ? 0 : 1);
  });

  it('agrees with an independent computation on many ids', () => {
    for (let i = 0; i < 2000; i++) expect(bucketOf(B, `c${i}`, nodeSha)).toBe(independentBucket(B, `c${i}`));
  });

  it('reads the first four bytes big-endian and unsigned, then takes them modulo 10,000', () => {
    expect(bucketFromDigest(new Uint8Array([0xff, 0xff, 0xff, 0xff, 9]))).toBe(4_294_967_295 % 10_000);
    expect(bucketFromDigest(new Uint8Array([0, 0, 0x27, 0x10]))).toBe(0);
    expect(bucketFromDigest(new Uint8Array([0, 0, 0x27, 0x11]).buffer)).toBe(1);
    expect(() => bucketFromDigest(new Uint8Array(3))).toThrow();
  });

  it('refuses a salt that would make the message ambiguous', () => {
    expect(assignmentMessage(A, 'a:b')).toBe(`${A}:a:b`);
    expect(() => assignmentMessage('x:y', 'u1')).toThrow();
    expect(() => assignmentMessage('', 'u1')).toThrow();
  });
});

describe('splits', () => {
  it('cuts the 10,000 buckets exactly by the published shares', () => {
    const count = (split: Split) => {
      const n = new Map<number | string, number>();
      for (let b = 0; b < BUCKETS; b++) {
        const k = label(assignBucket(b, split));
        n.set(k, (n.get(k) ?? 0) + 1);
      }
      return Object.fromEntries(n);
    };
    expect(count(HALF)).toEqual({ 0: 5000, 1: 5000 });
    expect(count(THIRDS)).toEqual({ holdout: 1000, 0: 3060, 1: 2970, 2: 2970 });
    expect(count({ variants: [2500, 2500, 2500, 2500], holdout: 500 })).toEqual({
      holdout: 500,
      0: 2375,
      1: 2375,
      2: 2375,
      3: 2375,
    });
    for (let b = 0; b < BUCKETS; b++) expect(label(assignBucket(b, THIRDS))).toBe(thirdsByHand(b));
  });

  it('skips a variant with no share, and refuses what is not a split', () => {
    expect(label(assignBucket(0, { variants: [0, 10_000] }))).toBe(1);
    expect(splitProblem({ variants: [5000, 4999] })).toMatch(/sum/);
    expect(splitProblem({ variants: [5000.5, 4999.5] })).toMatch(/whole/);
    expect(splitProblem({ variants: [] })).toMatch(/at least/);
    expect(splitProblem({ variants: [10_000], holdout: 10_000 })).toMatch(/holdout/);
    expect(() => assignBucket(10_000, HALF)).toThrow();
    expect(() => assignBucket(1, { variants: [1] })).toThrow();
  });
});

describe('sticky assignment', () => {
  const moved: Split = { variants: [9000, 1000] };
  it('keeps a stored variant, or the holdout, when the split changes', () => {
    expect(stickyAssign({ kind: 'variant', variant: 1 }, 10, moved)).toEqual({ kind: 'variant', variant: 1 });
    expect(stickyAssign({ kind: 'holdout' }, 9999, moved)).toEqual({ kind: 'holdout' });
    expect(stickyAssign({ kind: 'variant', variant: 0 }, 9999, { variants: [0, 10_000] })).toEqual({
      kind: 'variant',
      variant: 0,
    });
  });
  it('lets the bucket decide for a new customer, or one whose variant is gone', () => {
    expect(stickyAssign(null, 9500, moved)).toEqual({ kind: 'variant', variant: 1 });
    expect(stickyAssign(undefined, 500, moved)).toEqual({ kind: 'variant', variant: 0 });
    expect(stickyAssign({ kind: 'variant', variant: 2 }, 9500, moved)).toEqual({ kind: 'variant', variant: 1 });
  });
});

describe('layers', () => {
  const left = { layer: 'L1', from: 0, to: 5000 };
  const right = { layer: 'L1', from: 5000, to: 10_000 };
  it('keeps experiments of one layer apart and lets other layers overlap', () => {
    expect(mayShareCustomers(left, right)).toBe(false);
    expect(mayShareCustomers(left, { layer: 'L1', from: 4999, to: 6000 })).toBe(true);
    expect(mayShareCustomers(left, { layer: 'L2', from: 0, to: 5000 })).toBe(true);
  });
  it('refuses a slice that is empty, reversed or outside the buckets', () => {
    expect(placementProblem(left)).toBeNull();
    expect(placementProblem({ layer: 'L1', from: 0, to: 10_000 })).toBeNull();
    expect(placementProblem({ layer: 'L1', from: 5000, to: 5000 })).not.toBeNull();
    expect(placementProblem({ layer: 'L1', from: -1, to: 10 })).not.toBeNull();
    expect(placementProblem({ layer: 'L1', from: 0, to: 10_001 })).not.toBeNull();
    expect(placementProblem({ layer: 'L1', from: 0.5, to: 10 })).not.toBeNull();
    expect(placementProblem({ layer: '', from: 0, to: 10 })).not.toBeNull();
  });
  it('never puts a customer in two slices of one layer', () => {
    for (let i = 0; i < 1000; i++) {
      const b = bucketOf(B, `c${i}`, nodeSha);
      expect(Number(inSlice(b, left)) + Number(inSlice(b, right))).toBe(1);
    }
  });
});
