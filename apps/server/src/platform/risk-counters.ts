import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database_ } from '../db';
import {
  bucketOf,
  type CounterAnswer,
  type CounterAsk,
  digest,
  estimate,
  type RiskCounters,
} from './risk-counter-buckets';
import { sqliteCounters } from './risk-counters-sqlite';

export type { CounterAnswer, CounterAsk, RiskCounters } from './risk-counter-buckets';

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
      const out: CounterAnswer = { counts: [], distinct: [], firsts: [] };
      for (const c of ask.counts) {
        const b = bucketOf(c.key, c.windowSec, now);
        const cur = counts.get(b.cur) ?? { n: 0, exp: now + b.ttlMs };
        cur.n += c.by ?? 1;
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
      for (const f of ask.firsts ?? []) {
        const k = `f:${digest(f.key)}`;
        const held = counts.get(k);
        if (held && held.exp >= now) out.firsts.push(held.n);
        else if (f.value === null) out.firsts.push(null);
        else {
          counts.set(k, { n: f.value, exp: now + f.ttlSec * 1000 });
          out.firsts.push(f.value);
        }
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
local nc = tonumber(ARGV[1]); local nd = tonumber(ARGV[2]); local nf = tonumber(ARGV[3]); local out = {}; local a = 4
for i = 1, nc do
  local cur = KEYS[2 * i - 1]; local prev = KEYS[2 * i]
  out[#out + 1] = redis.call('INCRBY', cur, ARGV[a + 1]); redis.call('PEXPIRE', cur, ARGV[a]); a = a + 2
  out[#out + 1] = tonumber(redis.call('GET', prev) or '0')
end
for j = 1, nd do
  local k = 2 * nc + 2 * j - 1
  redis.call('PFADD', KEYS[k], ARGV[a]); redis.call('PEXPIRE', KEYS[k], ARGV[a + 1]); a = a + 2
  out[#out + 1] = redis.call('PFCOUNT', KEYS[k], KEYS[k + 1])
end
for f = 1, nf do
  local k = KEYS[2 * nc + 2 * nd + f]
  if ARGV[a] ~= '' then redis.call('SET', k, ARGV[a], 'NX', 'PX', ARGV[a + 1]) end
  a = a + 2
  out[#out + 1] = redis.call('GET', k) or -1
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
      const fs = ask.firsts ?? [];
      const keys = [
        ...cs.flatMap((b) => [p + b.cur, p + b.prev]),
        ...ds.flatMap((d) => [p + d.b.cur, p + d.b.prev]),
        ...fs.map((f) => `${p}f:${digest(f.key)}`),
      ];
      const argv = [
        cs.length,
        ds.length,
        fs.length,
        ...cs.flatMap((b, i) => [b.ttlMs, ask.counts[i]?.by ?? 1]),
        ...ds.flatMap((d) => [d.member, d.b.ttlMs]),
        ...fs.flatMap((f) => [f.value === null ? '' : f.value, f.ttlSec * 1000]),
      ];
      const res = await client.riskObserve(keys.length, ...keys, ...argv);
      const val = (i: number) => Number(res[i] ?? 0);
      const held = (i: number) => (val(i) < 0 ? null : val(i));
      const at = cs.length * 2 + ds.length;
      return {
        counts: cs.map((b, i) => estimate(val(i * 2), val(i * 2 + 1), b.weight)),
        distinct: ds.map((_, i) => val(cs.length * 2 + i)),
        firsts: fs.map((_, i) => held(at + i)),
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
      const out: CounterAnswer = { counts: [], distinct: [], firsts: [] };
      if (cs.length > 0) {
        const { rows } = await pool.query(
          `with up as (
             insert into risk_counter (k, n, expires_at)
             select k, inc, e from unnest($1::text[], $2::bigint[], $4::int[]) as t(k, e, inc)
             on conflict (k) do update set n = risk_counter.n + excluded.n returning k, n)
           select c.k, up.n as cur, coalesce(p.n, 0) as prev
             from unnest($1::text[], $3::text[]) with ordinality as c(k, pk, i)
             join up on up.k = c.k left join risk_counter p on p.k = c.pk order by c.i`,
          [cs.map((b) => b.cur), cs.map((b) => now + b.ttlMs), cs.map((b) => b.prev), ask.counts.map((c) => c.by ?? 1)],
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
      if (ask.firsts?.length) out.firsts = await pgFirsts(pool, ask.firsts, now);
      if (++seen % 5000 === 0) {
        await pool.query('delete from risk_counter where expires_at < $1', [now]);
        await pool.query('delete from risk_distinct where expires_at < $1', [now]);
      }
      return out;
    },
    async close() {},
  };
}

/**
 * A key's first value: set when it has none (or its own has expired), read back either way; the update that
 * keeps the value as it is returns the row another request inserted first.
 */
async function pgFirsts(pool: PgPool, firsts: NonNullable<CounterAsk['firsts']>, now: number) {
  const { rows } = await pool.query(
    `with up as (
       insert into risk_counter (k, n, expires_at)
       select k, v, e from unnest($1::text[], $2::bigint[], $3::bigint[]) as t(k, v, e) where v is not null
       on conflict (k) do update set
         n = case when risk_counter.expires_at < $4 then excluded.n else risk_counter.n end,
         expires_at = case when risk_counter.expires_at < $4 then excluded.expires_at else risk_counter.expires_at end
       returning k, n)
     select coalesce(up.n, r.n) as n from unnest($1::text[]) with ordinality as c(k, i)
       left join up on up.k = c.k left join risk_counter r on r.k = c.k and r.expires_at >= $4 order by c.i`,
    [
      firsts.map((f) => `f:${digest(f.key)}`),
      firsts.map((f) => f.value),
      firsts.map((f) => now + f.ttlSec * 1000),
      now,
    ],
  );
  return rows.map((r) => (r.n === null || r.n === undefined ? null : Number(r.n)));
}
