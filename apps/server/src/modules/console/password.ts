import { randomBytes, randomInt, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Passwords (docs/decisions/0330-console-identity.md): Node's scrypt, memory-hard, no native addon.
// Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later and old hashes still verify.

const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LEN = 32;
/** scrypt needs 128·N·r bytes; Node's default ceiling is exactly that, so give it room. */
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash nobody's password matches: an unknown login costs the same time as a known one. */
let decoy: Promise<string> | null = null;

/**
 * The one password check of a sign-in: against the account's hash, or against a hash nobody's password
 * matches when there is no account (an unknown login) or the attempt is refused anyway (a throttled one).
 * Every sign-in costs one hash, whatever the outcome (docs/decisions/0334-sign-in-throttle.md).
 */
export async function checkPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored !== null) return verifyPassword(password, stored);
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A first password: 16 characters from an alphabet without look-alikes (~94 bits). */
export function generatePassword(): string {
  let out = '';
  for (let i = 0; i < 16; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** At least 10 characters with a letter and a digit (a second factor is always required too). */
export function passwordProblem(password: string): string | null {
  if (password.length < 10) return 'at least 10 characters';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'letters and digits';
  return null;
}
