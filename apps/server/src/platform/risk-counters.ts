import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database_ } from '../db';

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
  /** Each is counted once (this event) and its window's estimate read back. */
  counts: readonly { key: string; windowSec: number }[];
  /** Each member is added and the key's distinct count read back. */
  distinct: readonly { key: string; member: string; windowSec: number }[];
}
export interface CounterAnswer {
  counts: number[];
  distinct: number[];
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

const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 24);

function bucketOf(key: string, windowSec: number, now: number): Bucketed {
  const w = windowSec * 1000;
  const b = Math.floor(now / w);
  const k = digest(key);
  return { cur: `${k}:${windowSec}:${b}`, prev: `${k}:${windowSec}:${b - 1}`, weight: 1 - (now % w) / w, ttlMs: 2 * w };
}

const estimate = (cur: number, prev: number, weight: number) => Math.round(cur + prev * weight);

/** Where the counters live, the same choice as the shared limits (platform/limits.ts). */
export function createRiskCounters(config: Config, database: Database_): RiskCounters {
  if (config.redis) return redisCounters(config.redis.url, config.redis.prefix ?? '');
  if (database.kind === 'postgres' && database.pgPool) return postgresCounters(database.pgPool);
  if (database.sqlitePath && database.sqlitePath !== ':memory:') return sqliteCounters(database.sqlitePath);
  return memoryCounters();
}

export function memoryCounters(): RiskCounters {
  const counts = new Map<string, { n: number; exp: number }>();
  const sets = new Map<string, { members: Set<string>; exp: number }>();
  let seen = 0;
  const sweep = (now: number) => {
    if (++seen % 10_000 !== 0) return;
    for (const [k, v] of counts) if (v.exp < now) counts.delete(k);
    for (const [k, v] of sets) if (v.exp < now) sets.delete(k);
  };
  return {
    store: 'memory',
    async observe(ask, now) {
      sweep(now);
      const out: CounterAnswer = { counts: [], distinct: [] };
      for (const c of ask.counts) {
        const b = bucketOf(c.key, c.windowSec, now);
        const cur = counts.get(b.cur) ?? { n: 0, exp: now + b.ttlMs };
        cur.n += 1;
        counts.set(b.cur, cur);
        out.counts.push(estimate(cur.n, counts.get(b.prev)?.n ?? 0, b.weight));
      }
      for (const d of ask.distinct) {
        const b = bucketOf(d.key, d.windowSec, now);
        const cur = sets.get(b.cur) ?? { members: new Set<string>(), exp: now + b.ttlMs };
        cur.members.add(d.member);
        sets.set(b.cur, cur);
        const union = new Set([...cur.members, ...(sets.get(b.prev)?.members ?? [])]);
        out.distinct.push(union.size);
      }
      return out;
    },
    async close() {},
  };
}

/**
 * One script for all of a decision's counters: INCR and PEXPIRE each window's current bucket and read the
 * previous one; PFADD and PFCOUNT each distinct count over its two buckets. One command, one round trip.
 */
const OBSERVE_LUA = `
local nc = tonumber(ARGV[1]); local nd = tonumber(ARGV[2]); local out = {}; local a = 3
for i = 1, nc do
  local cur = KEYS[2 * i - 1]; local prev = KEYS[2 * i]
  out[#out + 1] = redis.call('INCR', cur); redis.call('PEXPIRE', cur, ARGV[a]); a = a + 1
  out[#out + 1] = tonumber(redis.call('GET', prev) or '0')
end
for j = 1, nd do
  local k = 2 * nc + 2 * j - 1
  redis.call('PFADD', KEYS[k], ARGV[a]); redis.call('PEXPIRE', KEYS[k], ARGV[a + 1]); a = a + 2
  out[#out + 1] = redis.call('PFCOUNT', KEYS[k], KEYS[k + 1])
end
return out`;

type ObservingRedis = Redis & { riskObserve(n: number, ...args: (string | number)[]): Promise<number[]> };

function redisCounters(url: string, prefix: string): RiskCounters {
  // No offline queue and a short command timeout: an unreachable Redis fails the call at once, and the
  // engine applies the campaign's fail policy instead of waiting.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 300,
    connectTimeout: 2000,
    enableAutoPipelining: true,
  }) as ObservingRedis;
  client.on('error', () => {});
  client.defineCommand('riskObserve', { lua: OBSERVE_LUA });
  // The first decisions wait (at most 2 s, once) for the first connection instead of failing open at start.
  const connected = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    setTimeout(resolve, 2000).unref();
  });
  const p = `${prefix}risk:`;
  return {
    store: 'redis',
    async observe(ask, now) {
      await connected;
      const cs = ask.counts.map((c) => bucketOf(c.key, c.windowSec, now));
      const ds = ask.distinct.map((d) => ({ b: bucketOf(d.key, d.windowSec, now), member: d.member }));
      const keys = [...cs.flatMap((b) => [p + b.cur, p + b.prev]), ...ds.flatMap((d) => [p + d.b.cur, p + d.b.prev])];
      const argv = [cs.length, ds.length, ...cs.map((b) => b.ttlMs), ...ds.flatMap((d) => [d.member, d.b.ttlMs])];
      const res = await client.riskObserve(keys.length, ...keys, ...argv);
      const val = (i: number) => Number(res[i] ?? 0);
      return {
        counts: cs.map((b, i) => estimate(val(i * 2), val(i * 2 + 1), b.weight)),
        distinct: ds.map((_, i) => val(cs.length * 2 + i)),
      };
    },
    async close() {
      client.disconnect();
    },
  };
}

interface PgPool {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** PostgreSQL without Redis: one statement per decision, counts and distinct members in the migration's tables. */
function postgresCounters(pool: PgPool): RiskCounters {
  let seen = 0;
  return {
    store: 'postgres',
    async observe(ask, now) {
      const cs = ask.counts.map((c) => bucketOf(c.key, c.windowSec, now));
      const ds = ask.distinct.map((d) => ({ b: bucketOf(d.key, d.windowSec, now), member: d.member }));
      const out: CounterAnswer = { counts: [], distinct: [] };
      if (cs.length > 0) {
        const { rows } = await pool.query(
          `with up as (
             insert into risk_counter (k, n, expires_at)
             select k, 1, e from unnest($1::text[], $2::bigint[]) as t(k, e)
             on conflict (k) do update set n = risk_counter.n + 1 returning k, n)
           select c.k, up.n as cur, coalesce(p.n, 0) as prev
             from unnest($1::text[], $3::text[]) with ordinality as c(k, pk, i)
             join up on up.k = c.k left join risk_counter p on p.k = c.pk order by c.i`,
          [cs.map((b) => b.cur), cs.map((b) => now + b.ttlMs), cs.map((b) => b.prev)],
        );
        out.counts = rows.map((r, i) => estimate(Number(r.cur), Number(r.prev), cs[i]?.weight ?? 0));
      }
      if (ds.length > 0) {
        await pool.query(
          `insert into risk_distinct (k, member, expires_at)
           select * from unnest($1::text[], $2::text[], $3::bigint[]) on conflict do nothing`,
          [ds.map((d) => d.b.cur), ds.map((d) => d.member), ds.map((d) => now + d.b.ttlMs)],
        );
        const { rows } = await pool.query(
          `select (select count(distinct member) from risk_distinct where k in (c.k, c.pk)) as n
             from unnest($1::text[], $2::text[]) with ordinality as c(k, pk, i) order by c.i`,
          [ds.map((d) => d.b.cur), ds.map((d) => d.b.prev)],
        );
        out.distinct = rows.map((r) => Number(r.n));
      }
      if (++seen % 5000 === 0) {
        await pool.query('delete from risk_counter where expires_at < $1', [now]);
        await pool.query('delete from risk_distinct where expires_at < $1', [now]);
      }
      return out;
    },
    async close() {},
  };
}

interface Waiting {
  ask: CounterAsk;
  now: number;
  resolve(a: CounterAnswer): void;
  reject(err: unknown): void;
}

/** The SQLite file beside the database that every process of the machine shares (like the limits' file). */
function sqliteCounters(sqlitePath: string): RiskCounters {
  const db = new Database(join(dirname(sqlitePath), `${basename(sqlitePath)}.risk`));
  db.pragma('journal_mode = WAL');
  // A power cut may lose the last counts: a window's estimate is a little low for a minute, never data.
  db.pragma('synchronous = OFF');
  db.pragma('busy_timeout = 50');
  db.exec(`create table if not exists c (k text primary key, n integer not null, e integer not null);
           create table if not exists d (k text not null, m text not null, e integer not null, primary key (k, m));`);
  const incr = db.prepare<[string, number], { n: number }>(
    'insert into c (k, n, e) values (?, 1, ?) on conflict (k) do update set n = n + 1 returning n',
  );
  const get = db.prepare<[string], { n: number }>('select n from c where k = ?');
  const add = db.prepare('insert or ignore into d (k, m, e) values (?, ?, ?)');
  const member = db.prepare<[string, string], { one: number }>('select 1 as one from d where k = ? and m = ?');
  const sweep = db.prepare('delete from c where e < ?');
  const sweepD = db.prepare('delete from d where e < ?');
  let seen = 0;
  const one = (ask: CounterAsk, now: number): CounterAnswer => {
    if (++seen % 5000 === 0) {
      sweep.run(now);
      sweepD.run(now);
    }
    const counts = ask.counts.map((c) => {
      const b = bucketOf(c.key, c.windowSec, now);
      const cur = incr.get(b.cur, now + b.ttlMs)?.n ?? 1;
      return estimate(cur, get.get(b.prev)?.n ?? 0, b.weight);
    });
    // A distinct count over the two buckets without counting a set: each bucket's size and, for the current
    // one, how many of its members the previous bucket also holds (kept as members arrive), so the union is
    // |cur| + |prev| − |both|, each read by its key.
    const distinct = ask.distinct.map((d) => {
      const b = bucketOf(d.key, d.windowSec, now);
      if (add.run(b.cur, d.member, now + b.ttlMs).changes === 1) {
        incr.get(`n:${b.cur}`, now + b.ttlMs);
        if (member.get(b.prev, d.member)) incr.get(`b:${b.cur}`, now + b.ttlMs);
      }
      const size = (k: string) => get.get(k)?.n ?? 0;
      return size(`n:${b.cur}`) + size(`n:${b.prev}`) - size(`b:${b.cur}`);
    });
    return { counts, distinct };
  };
  // The decisions of one turn of the event loop share one write transaction (one lock, one commit), as the
  // draws share the database's group commit; each still sees the counts of those before it.
  const many = db.transaction((batch: Waiting[]) => batch.map((w) => one(w.ask, w.now)));
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    try {
      const answers = many.immediate(batch);
      for (const [i, w] of batch.entries()) w.resolve(answers[i] as CounterAnswer);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return {
    store: 'sqlite',
    observe(ask, now) {
      return new Promise<CounterAnswer>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ ask, now, resolve, reject });
      });
    },
    async close() {
      db.close();
    },
  };
}
