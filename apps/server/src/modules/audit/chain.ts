import { createHash } from 'node:crypto';

// The hash chain (docs/decisions/0331-audit-chain.md): each entry's hash is SHA-256 over the canonical JSON
// of the entry, its sequence number and the previous entry's hash included, so changing, removing or
// reordering any entry breaks the chain from there on.

/** The first entry's previous hash. */
export const GENESIS = '0'.repeat(64);

/** JSON with object keys sorted at every level and no whitespace: one text per value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('audit values are finite numbers');
    return JSON.stringify(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`audit values are JSON: got ${typeof value}`);
}

/** An entry as it is hashed (and stored: the JSON columns hold canonical JSON). */
export interface ChainedEntry {
  corpId: string;
  seq: number;
  at: number;
  actor: { id: string; name: string; roles: readonly string[] } | null;
  ip: string | null;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  prevHash: string;
}

export function entryHash(e: ChainedEntry): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        corpId: e.corpId,
        seq: e.seq,
        at: e.at,
        actor: e.actor ? { id: e.actor.id, name: e.actor.name, roles: [...e.actor.roles] } : null,
        ip: e.ip,
        action: e.action,
        subject: e.subject,
        before: e.before ?? null,
        after: e.after ?? null,
        prevHash: e.prevHash,
      }),
    )
    .digest('hex');
}

export type BreakReason = 'changed' | 'missing' | 'reordered' | 'cut' | 'rewritten';

/**
 * Walks a corp's entries in seq order, a batch at a time (`next` feeds them; constant memory for any
 * length). The first entry that does not hold is named: its content does not match its hash (changed),
 * the seq before it is absent (missing), or it does not follow the entry before it (reordered); at the
 * end, a head further on than the last entry means the tail was cut. `published` (seq → hash) are the heads
 * published outside the database (publish.ts): an entry whose hash is not the one published for its number
 * was rewritten since (the whole chain recomputed from an entry at or before it), and a chain that ends
 * before the newest published head was cut, whatever the head table says.
 */
export function createChainWalker(published: ReadonlyMap<number, string> = new Map()) {
  // The newest head published outside the database: the chain must reach it and agree with each one.
  let publishedTop = 0;
  for (const seq of published.keys()) publishedTop = Math.max(publishedTop, seq);
  let expectedSeq = 1;
  let prevHash = GENESIS;
  let checked = 0;
  let bad: { seq: number; reason: BreakReason } | null = null;
  return {
    /** false once a break is found (no need to read further). */
    push(e: ChainedEntry & { hash: string }): boolean {
      if (bad) return false;
      if (e.seq !== expectedSeq)
        bad = { seq: Math.min(e.seq, expectedSeq), reason: e.seq > expectedSeq ? 'missing' : 'reordered' };
      else if (entryHash(e) !== e.hash) bad = { seq: e.seq, reason: 'changed' };
      else if (e.prevHash !== prevHash) bad = { seq: e.seq, reason: 'reordered' };
      else if ((published.get(e.seq) ?? e.hash) !== e.hash) bad = { seq: e.seq, reason: 'rewritten' };
      if (bad) return false;
      checked++;
      expectedSeq = e.seq + 1;
      prevHash = e.hash;
      return true;
    },
    finish(head: { seq: number; hash: string } | null) {
      if (!bad && head && (head.seq !== expectedSeq - 1 || head.hash !== prevHash)) {
        bad = head.seq >= expectedSeq ? { seq: expectedSeq, reason: 'cut' } : { seq: head.seq, reason: 'changed' };
      }
      if (!bad && !head && checked > 0) bad = { seq: expectedSeq - 1, reason: 'changed' };
      if (!bad && publishedTop > expectedSeq - 1) bad = { seq: expectedSeq, reason: 'cut' };
      return {
        ok: bad === null,
        checked,
        firstBad: bad,
        head: checked > 0 ? { seq: expectedSeq - 1, hash: prevHash } : null,
      };
    },
  };
}
