/**
 * Experiment assignment (issue 38, docs/experiments.md, ADR 0062): the same answer on the server, on the public
 * verify page and in a bank's other systems. Pure arithmetic over a SHA-256 digest the caller supplies, so the
 * contract keeps no crypto dependency: the server passes node:crypto (synchronous, about a microsecond), the
 * browser passes Web Crypto's `subtle.digest` (asynchronous, built in, nothing added to the bundle).
 *
 * The message hashed is the UTF-8 encoding of `salt + ":" + customerId`: the salt's bytes, one 0x3A byte, the
 * customer id's bytes; no length prefix, no terminator. A salt never holds ":", so the message splits one way only.
 * The bucket is the digest's first 4 bytes read as an unsigned big-endian integer, modulo 10,000 (0..9999).
 */
export const BUCKETS = 10_000;

/** SHA-256 of a string's UTF-8 bytes: node:crypto's `createHash('sha256').update(s, 'utf8').digest()`. */
export type Sha256 = (message: string) => Uint8Array;
/** The same, asynchronous: `(s) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(s))`. */
export type Sha256Async = (message: string) => Promise<ArrayBuffer | Uint8Array>;

/** The string whose UTF-8 bytes are hashed; throws on a salt that would make it ambiguous. */
export function assignmentMessage(salt: string, customerId: string): string {
  if (salt === '' || salt.includes(':')) throw new Error('experiment salt must be non-empty and hold no ":"');
  return `${salt}:${customerId}`;
}

/** A digest's bucket: its first 4 bytes, unsigned big-endian, modulo 10,000. */
export function bucketFromDigest(digest: ArrayBuffer | Uint8Array): number {
  const bytes = digest instanceof Uint8Array ? digest : new Uint8Array(digest);
  if (bytes.length < 4) throw new Error('digest shorter than 4 bytes');
  const first = (bytes[0] ?? 0) * 0x1000000 + ((bytes[1] ?? 0) << 16) + ((bytes[2] ?? 0) << 8) + (bytes[3] ?? 0);
  return first % BUCKETS;
}

/** A customer's bucket (0..9999) under a salt. */
export function bucketOf(salt: string, customerId: string, sha256: Sha256): number {
  return bucketFromDigest(sha256(assignmentMessage(salt, customerId)));
}

/** The same bucket through an asynchronous digest (the browser's Web Crypto). */
export async function bucketOfAsync(salt: string, customerId: string, sha256: Sha256Async): Promise<number> {
  return bucketFromDigest(await sha256(assignmentMessage(salt, customerId)));
}

/**
 * A split: each variant's share of the customers in the experiment, in basis points summing to 10,000, and the
 * holdout's share of all customers (basis points, 0 when there is none). Variant 0 is the control.
 */
export interface Split {
  variants: readonly number[];
  holdout?: number;
}

/** Why a split is not one, or null when it is. */
export function splitProblem(split: Split): string | null {
  const { variants, holdout = 0 } = split;
  if (variants.length < 1) return 'a split needs at least one variant';
  if (!variants.every((w) => Number.isInteger(w) && w >= 0)) return 'variant shares must be whole basis points';
  if (variants.reduce((a, b) => a + b, 0) !== BUCKETS) return 'variant shares must sum to 10000';
  if (!Number.isInteger(holdout) || holdout < 0 || holdout >= BUCKETS) return 'holdout must be 0..9999 basis points';
  return null;
}

export type Assignment = { kind: 'variant'; variant: number } | { kind: 'holdout' };

/**
 * A bucket's place in a split, by cumulative ranges. Buckets [0, holdout) are the holdout. The rest, r = bucket -
 * holdout in [0, 10000 - holdout), goes to the first variant i with r * 10000 < (w0 + … + wi) * (10000 - holdout):
 * integer arithmetic, so every system draws the same borders.
 */
export function assignBucket(bucket: number, split: Split): Assignment {
  const problem = splitProblem(split);
  if (problem) throw new Error(problem);
  if (!Number.isInteger(bucket) || bucket < 0 || bucket >= BUCKETS) throw new Error('bucket must be 0..9999');
  const holdout = split.holdout ?? 0;
  if (bucket < holdout) return { kind: 'holdout' };
  const scaled = (bucket - holdout) * BUCKETS;
  let cumulative = 0;
  for (let i = 0; i < split.variants.length; i++) {
    cumulative += split.variants[i] ?? 0;
    if (scaled < cumulative * (BUCKETS - holdout)) return { kind: 'variant', variant: i };
  }
  throw new Error('unreachable: shares sum to 10000');
}

/**
 * Sticky assignment: a stored assignment stands, whatever the split says now (a customer keeps their variant
 * when shares move, and a holdout customer stays out). Only a stored variant the split no longer has (its index
 * past the end) is assigned afresh from the bucket. No stored one: the bucket decides.
 */
export function stickyAssign(stored: Assignment | null | undefined, bucket: number, split: Split): Assignment {
  if (stored?.kind === 'holdout') return stored;
  if (stored?.kind === 'variant' && stored.variant < split.variants.length) return stored;
  return assignBucket(bucket, split);
}

/**
 * Layers keep experiments apart. A layer has its own salt; a customer's layer bucket is `bucketOf(layerSalt, id)`,
 * and each experiment in the layer owns a slice [from, to) of those buckets. Slices in one layer never overlap,
 * so two experiments of a layer never share a customer; experiments in different layers hash independently and
 * may. Inside its slice an experiment assigns variants with its own salt.
 */
export interface Placement {
  layer: string;
  from: number;
  to: number;
}

/** Why a slice is not one (whole buckets, 0 ≤ from < to ≤ 10,000), or null when it is. */
export function placementProblem(p: Placement): string | null {
  if (p.layer === '') return 'a slice needs its layer';
  if (!Number.isInteger(p.from) || !Number.isInteger(p.to)) return 'slice bounds must be whole buckets';
  return p.from >= 0 && p.from < p.to && p.to <= BUCKETS ? null : 'a slice must satisfy 0 <= from < to <= 10000';
}

/** Whether a customer's layer bucket falls in an experiment's slice. */
export function inSlice(layerBucket: number, placement: Placement): boolean {
  return layerBucket >= placement.from && layerBucket < placement.to;
}

/** Whether two experiments may reach the same customer: yes across layers, or when slices in a layer overlap. */
export function mayShareCustomers(a: Placement, b: Placement): boolean {
  if (a.layer !== b.layer) return true;
  return a.from < b.to && b.from < a.to;
}
