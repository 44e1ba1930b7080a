import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;
/**
 * CSPRNG bytes served from a pool refilled 4 KiB at a time: the same OS generator as randomBytes, one
 * call into it per few hundred ids instead of one per id (ids, codes and tokens are minted per request).
 * Each caller gets its own copy.
 */
export function secureRandomBytes(n: number): Buffer {
  if (n > 256) return randomBytes(n);
  if (poolAt + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  const out = Buffer.from(pool.subarray(poolAt, poolAt + n));
  pool.fill(0, poolAt, poolAt + n);
  poolAt += n;
  return out;
}

/** 256-bit CSPRNG token, base64url. */
export const newToken = (bytes = 32): string => secureRandomBytes(bytes).toString('base64url');
export const newId = (): string => secureRandomBytes(12).toString('base64url');
/**
 * An id for rows written at a high rate (draws, awards, orders): the time in ms first, then 64 random
 * bits, in hex so that text order is time order. New rows land at the right edge of the primary-key
 * index instead of on a random page, which halves what each commit writes.
 */
export const newSortableId = (now = Date.now()): string =>
  now.toString(16).padStart(12, '0') + secureRandomBytes(8).toString('hex');
export const sha256Hex = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex');
export const hmacHex = (key: string | Buffer, msg: string): string =>
  createHmac('sha256', key).update(msg).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && ab.length > 0 && timingSafeEqual(ab, bb);
}

/**
 * AES-256-GCM sealing bound to a corp (the corp id is the associated data), so a value sealed for
 * one tenant never opens for another. Used for the encid cookie and common-decrypt.
 */
export function createSealer(key: Buffer) {
  if (key.length !== 32) throw new Error('sealer key must be 32 bytes');
  return {
    seal(corpId: string, plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(Buffer.from(corpId));
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
    },
    /** null for anything that was not sealed by us for this corp. */
    open(corpId: string, sealed: string): string | null {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        if (raw.length < 29) return null;
        const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        d.setAAD(Buffer.from(corpId));
        d.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;
