import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256-bit CSPRNG token, base64url. */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const newId = (): string => randomBytes(12).toString('base64url');
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
