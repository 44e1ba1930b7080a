import { hash } from 'node:crypto';

/**
 * The risk engine's counters (issue 35, ADR 0059): sliding-window counts and distinct counts that every process
 * and node of a deployment shares. A window is estimated from two fixed buckets, the current one and the one
 * before it weighted by how much of it still lies inside the window (the usual sliding-window counter); a
 * distinct count is over the current and the previous bucket. Where they live: Redis when `REDIS_URL` is set
 * (one pipelined round trip for all of a decision's counters, HyperLogLog for distinct counts); else
 * PostgreSQL's risk_counter/risk_distinct tables; else a SQLite file beside the database (every process of
 * the machine, and it survives a restart); in-memory for a throwaway database only.
 */
export interface CounterAsk {
  /** Each is counted `by` times (default once: this event; 0 only reads) and its window's estimate read back. */
  counts: readonly { key: string; windowSec: number; by?: number }[];
  /** Each member is added and the key's distinct count read back. */
  distinct: readonly { key: string; member: string; windowSec: number }[];
  /**
   * Each key keeps the first value it was given (a 32-bit integer: a first draw's minute) for `ttlSec`;
   * `value: null` only reads.
   */
  firsts?: readonly { key: string; value: number | null; ttlSec: number }[];
}
export interface CounterAnswer {
  counts: number[];
  distinct: number[];
  /** The value each `firsts` key holds (null: never given one). */
  firsts: (number | null)[];
}

export interface RiskCounters {
  readonly store: 'redis' | 'postgres' | 'sqlite' | 'memory';
  /** Counts one event; throws when the store cannot be reached (the caller applies its fail policy). */
  observe(ask: CounterAsk, now: number): Promise<CounterAnswer>;
  close(): Promise<void>;
}

interface Bucketed {
  cur: string;
  prev: string;
  /** Share of the previous bucket still inside the window. */
  weight: number;
  ttlMs: number;
}

/** A key's digest, remembered: a decision names the same key in several windows, a customer draws again. */
const digests = new Map<string, string>();
export function digest(s: string): string {
  let d = digests.get(s);
  if (d === undefined) {
    d = hash('sha256', s, 'base64url').slice(0, 24);
    if (digests.size >= 100_000) digests.clear();
    digests.set(s, d);
  }
  return d;
}

export function bucketOf(key: string, windowSec: number, now: number): Bucketed {
  const w = windowSec * 1000;
  const b = Math.floor(now / w);
  const k = digest(key);
  return { cur: `${k}:${windowSec}:${b}`, prev: `${k}:${windowSec}:${b - 1}`, weight: 1 - (now % w) / w, ttlMs: 2 * w };
}

export const estimate = (cur: number, prev: number, weight: number) => Math.round(cur + prev * weight);
