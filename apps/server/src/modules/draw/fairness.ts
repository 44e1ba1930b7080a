import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provable fairness primitives (issue 4 §4): commit-reveal over a per-activity server seed.
 *
 * On publication the activity stores a secret seed and publishes only `commitment(seed)`. Every draw's
 * random value is `HMAC-SHA256(seed, "userId:drawNonce")`, so once the seed is revealed anyone can
 * recompute every draw from published data, and the commitment proves the seed was fixed before the
 * first draw. Everything here is a pure function of its arguments (apart from `newSeed`), because the
 * server and the verifier must reach byte-identical results.
 */

/** Seed length in bytes: 256 bits, so the seed cannot be brute-forced from the public commitment. */
export const SEED_BYTES = 32;

/** Length of the HMAC-SHA256 output; four 64-bit chunks are read from it. */
export const MAC_BYTES = 32;

const SEED_HEX = /^[0-9a-fA-F]{64}$/;
const TWO_POW_64 = 1n << 64n;

/**
 * Hard stop for the rejection-sampling counter. With `total <= 2^53` one chunk is rejected with
 * probability < 2^-11, so a whole MAC with probability < 2^-44; reaching 64 rounds means the MAC source
 * is broken (only possible with a fake source in a test), and looping forever would hang a request.
 */
const MAX_ROUNDS = 64;

/** A fresh secret seed: 32 bytes from the OS CSPRNG, lower-case hex. */
export function newSeed(): string {
  return randomBytes(SEED_BYTES).toString('hex');
}

/**
 * Parses a seed strictly. `Buffer.from(hex, 'hex')` silently stops at the first bad character, which
 * would turn a typo into a different (shorter) key that still "works"; a verifier must refuse instead.
 */
export function seedBytes(seedHex: string): Buffer {
  if (!SEED_HEX.test(seedHex)) {
    throw new RangeError(`seed must be ${SEED_BYTES * 2} hex characters`);
  }
  return Buffer.from(seedHex, 'hex');
}

/** The public commitment published with the activity: SHA-256 of the seed's bytes (not of its hex text). */
export function commitment(seedHex: string): string {
  return createHash('sha256').update(seedBytes(seedHex)).digest('hex');
}

/**
 * The HMAC message for a draw. `:` is the field separator, so it is refused inside the fields: otherwise
 * ("a:b", "c") and ("a", "b:c") would share a message, and a nonce ending in ":1" would collide with
 * another nonce's counter round. Keeping the encoding injective means one record has exactly one roll.
 */
export function drawMessage(userId: string | number, drawNonce: string, counter = 0): string {
  const user = String(userId);
  if (user.length === 0 || user.includes(':')) throw new RangeError('userId must be non-empty and contain no ":"');
  if (drawNonce.length === 0 || drawNonce.includes(':')) {
    throw new RangeError('drawNonce must be non-empty and contain no ":"');
  }
  return counter === 0 ? `${user}:${drawNonce}` : `${user}:${drawNonce}:${counter}`;
}

/**
 * Maps one 32-byte MAC to an integer in [0, total) without modulo bias, or returns null when all four
 * 64-bit chunks fall in the biased tail.
 *
 * Why rejection sampling: `x % total` over 2^64 values favours the first `2^64 mod total` results. Values
 * at or above `limit = 2^64 - (2^64 mod total)` are discarded, so the accepted range is an exact multiple
 * of `total` and every result is equally likely. Exported separately so tests can feed crafted bytes.
 */
export function indexFromMac(mac: Uint8Array, total: number): number | null {
  assertTotal(total);
  if (mac.length !== MAC_BYTES) throw new RangeError(`MAC must be ${MAC_BYTES} bytes`);
  const bigTotal = BigInt(total);
  const limit = TWO_POW_64 - (TWO_POW_64 % bigTotal);
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  for (let offset = 0; offset < MAC_BYTES; offset += 8) {
    const chunk = view.getBigUint64(offset, false);
    if (chunk < limit) return Number(chunk % bigTotal);
  }
  return null;
}

/**
 * Rejection sampling across MAC rounds: round 0 is the draw's own MAC; when all its chunks are rejected
 * the next round's MAC (`counter` 1, 2, …) is tried. `macAt` is a parameter so the counter path can be
 * tested with crafted bytes; production code goes through `rollFor`.
 */
export function sampleIndex(total: number, macAt: (counter: number) => Uint8Array): number {
  for (let counter = 0; counter < MAX_ROUNDS; counter++) {
    const index = indexFromMac(macAt(counter), total);
    if (index !== null) return index;
  }
  throw new Error(`no unbiased value after ${MAX_ROUNDS} MAC rounds; the MAC source is broken`);
}

export interface Roll {
  /** Uniform integer in [0, total). */
  roll: number;
  /** Hex of the round-0 MAC, stored with the draw so an auditor can spot a tampered record quickly. */
  rollHex: string;
}

/** The draw's random value: HMAC-SHA256(seed, "userId:drawNonce[:counter]") mapped to [0, total). */
export function rollFor(seedHex: string, userId: string | number, drawNonce: string, total: number): Roll {
  assertTotal(total);
  const key = seedBytes(seedHex);
  const macAt = (counter: number): Buffer =>
    createHmac('sha256', key)
      .update(drawMessage(userId, drawNonce, counter), 'utf8')
      .digest();
  const first = macAt(0);
  const roll = sampleIndex(total, (counter) => (counter === 0 ? first : macAt(counter)));
  return { roll, rollHex: first.toString('hex') };
}

/** `total` must be exactly representable: beyond 2^53 the Number result of `chunk % total` could round. */
function assertTotal(total: number): void {
  if (!Number.isSafeInteger(total) || total < 1) {
    throw new RangeError(`total must be a positive safe integer, got ${total}`);
  }
}
