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
  const sets = new Map<string, { members: Set<string>; both: number; exp: number }>();
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
        const cur = sets.get(b.cur) ?? { members: new Set<string>(), both: 0, exp: now + b.ttlMs };
        const prev = sets.get(b.prev);
        if (!cur.members.has(d.member)) {
          cur.members.add(d.member);
          if (prev?.members.has(d.member)) cur.both++;
        }
        sets.set(b.cur, cur);
        // The two buckets' union without building it: |cur| + |prev| − the members both hold.
        out.distinct.push(cur.members.size + (prev?.members.size ?? 0) - cur.both);
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
 * One script for the counters of every decision waiting in one turn of the event loop: INCRBY each window's
 * current bucket (PEXPIRE only when the increment made it), then one MGET of all the previous buckets; PFADD and
 * PFCOUNT each distinct count over its two buckets; SET NX each first value given, then one MGET of them all.
 * One command, one round trip; Redis's own time is most of a decision's cost, so fewer calls inside matter.
 */
const OBSERVE_LUA = `
local nc = tonumber(ARGV[1]); local nd = tonumber(ARGV[2]); local nf = tonumber(ARGV[3]); local out = {}; local a = 4
local function mget(keys)
  local res = {}
  for s = 1, #keys, 1000 do
    local part = redis.call('MGET', unpack(keys, s, math.min(s + 999, #keys)))
    for i = 1, #part do res[#res + 1] = part[i] end
  end
  return res
end
local prevs = {}
for i = 1, nc do
  local by = tonumber(ARGV[a + 1])
  local v = redis.call('INCRBY', KEYS[2 * i - 1], by)
  if v == by then redis.call('PEXPIRE', KEYS[2 * i - 1], ARGV[a]) end
  a = a + 2
  out[2 * i - 1] = v
  prevs[i] = KEYS[2 * i]
end
local got = mget(prevs)
for i = 1, nc do out[2 * i] = tonumber(got[i] or '0') end
for j = 1, nd do
  local k = 2 * nc + 2 * j - 1
  if redis.call('PFADD', KEYS[k], ARGV[a]) == 1 then redis.call('PEXPIRE', KEYS[k], ARGV[a + 1]) end
  a = a + 2
  out[#out + 1] = redis.call('PFCOUNT', KEYS[k], KEYS[k + 1])
end
local firsts = {}
for f = 1, nf do
  local k = KEYS[2 * nc + 2 * nd + f]
  if ARGV[a] ~= '' then redis.call('SET', k, ARGV[a], 'NX', 'PX', ARGV[a + 1]) end
  a = a + 2
  firsts[f] = k
end
local held = mget(firsts)
for f = 1, nf do out[#out + 1] = held[f] or -1 end
return out`;

type ObservingRedis = Redis & { riskObserve(n: number, ...args: (string | number)[]): Promise<number[]> };

interface Waiting {
  ask: CounterAsk;
  now: number;
  resolve(a: CounterAnswer): void;
  reject(err: unknown): void;
}

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
  // The decisions of one turn of the event loop share one script call (their asks one after another, so each
  // still reads the counts of those before it): one round trip and one command's encoding for all of them.
  let waiting: Waiting[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      await connected;
      const answers = await observeMany(client, `${prefix}risk:`, batch);
      for (const [i, w] of batch.entries()) w.resolve(answers[i] as CounterAnswer);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  };
  return {
    store: 'redis',
    observe(ask, now) {
      return new Promise<CounterAnswer>((resolve, reject) => {
        if (waiting.length === 0) setImmediate(() => void flush());
        waiting.push({ ask, now, resolve, reject });
      });
    },
    async close() {
      client.disconnect();
    },
  };
}

/** The batch's asks as one script call, and each ask's answer read back from its own place in the reply. */
async function observeMany(client: ObservingRedis, p: string, batch: Waiting[]): Promise<CounterAnswer[]> {
  const countKeys: string[] = [];
  const countArgs: (string | number)[] = [];
  const distinctKeys: string[] = [];
  const distinctArgs: (string | number)[] = [];
  const firstKeys: string[] = [];
  const firstArgs: (string | number)[] = [];
  const weights: number[][] = [];
  for (const { ask, now } of batch) {
    const w: number[] = [];
    for (const c of ask.counts) {
      const b = bucketOf(c.key, c.windowSec, now);
      countKeys.push(p + b.cur, p + b.prev);
      countArgs.push(b.ttlMs, c.by ?? 1);
      w.push(b.weight);
    }
    weights.push(w);
    for (const d of ask.distinct) {
      const b = bucketOf(d.key, d.windowSec, now);
      distinctKeys.push(p + b.cur, p + b.prev);
      distinctArgs.push(d.member, b.ttlMs);
    }
    for (const f of ask.firsts ?? []) {
      firstKeys.push(`${p}f:${digest(f.key)}`);
      firstArgs.push(f.value === null ? '' : f.value, f.ttlSec * 1000);
    }
  }
  const nc = countKeys.length / 2;
  const nd = distinctKeys.length / 2;
  const keys = [...countKeys, ...distinctKeys, ...firstKeys];
  const res = await client.riskObserve(
    keys.length,
    ...keys,
    nc,
    nd,
    firstKeys.length,
    ...countArgs,
    ...distinctArgs,
    ...firstArgs,
  );
  const val = (i: number) => Number(res[i] ?? 0);
  let ci = 0;
  let di = nc * 2;
  let fi = nc * 2 + nd;
  return batch.map(({ ask }, k) => ({
    counts: ask.counts.map((_, i) => {
      const at = ci;
      ci += 2;
      return estimate(val(at), val(at + 1), weights[k]?.[i] ?? 0);
    }),
    distinct: ask.distinct.map(() => val(di++)),
    firsts: (ask.firsts ?? []).map(() => {
      const v = val(fi++);
      return v < 0 ? null : v;
    }),
  }));
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
