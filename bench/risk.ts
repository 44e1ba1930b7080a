/**
 * `npm run bench:risk [-- --only engine|draw|replay] [--db sqlite|pg]`: the risk engine's cost (issue 35's targets).
 * (a) In process (bench/risk-engine.ts): one decision with 200 rules enforced through the real engine, its
 *     counters in the SQLite file beside the database and in Redis (BENCH_REDIS_URL, default
 *     redis://127.0.0.1:6379), or in process (BENCH_STORES=memory,sqlite,redis; default sqlite,redis): p50/p99 one at a time (target: ≤ 1 ms p99 added to a draw), decisions/s with
 *     BENCH_CONCURRENCY (default 32) at once (target ≥ 20,000/s on one node), the same with no rule running,
 *     and where the time goes (counters alone, rules alone).
 * (b) bench:draw on a risk-checked campaign, back to back: no ruleset running, then the default ruleset
 *     enforced (BENCH_RISK, bench/draw-risk.ts); each run's ratio to its own bare-route ceiling (target: the
 *     drop ≤ 10%). BENCH_SECONDS (default 5 here) per load. BENCH_USERS (default 5,000; logging them in is the
 *     slow part): the built-in velocity limit refuses a customer's sixth draw in 10 s, in both runs alike, so
 *     on a quiet machine (6,000 draws/s) raise it to 20,000 for draws rather than refusals.
 * (c) Replay (bench/replay.ts): 1,000,000 stored decisions replayed by the default ruleset, in one go and as the
 *     console's background job (target ≤ 60 s, the same checksum); `--db pg` on PostgreSQL.
 * Prints a table, then one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { celContext, compile } from '../apps/server/src/modules/risk/cel';
import { computeFeatures } from '../apps/server/src/modules/risk/compute-features';
import { corpState } from '../apps/server/src/modules/risk/state';
import { createRiskCounters } from '../apps/server/src/platform/risk-counters';
import { createServices } from '../apps/server/src/services';
import { enforceRules } from '../apps/server/src/testing/risk';
import { printReplay, replayBench } from './replay';
import { inputs, ms, oneByOne, quantile, RULES, rulesOf, summary, throughput } from './risk-engine';

const ROOT = new URL('..', import.meta.url).pathname;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5000);
const SECONDS = Number(process.env.BENCH_ENGINE_SECONDS ?? 3);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function engineOn(store: 'sqlite' | 'redis' | 'memory') {
  const dir = mkdtempSync(join(tmpdir(), 'bench-risk-'));
  const database = openDatabase({ kind: 'sqlite', path: store === 'memory' ? ':memory:' : join(dir, 'bench.db') });
  const prefix = `bench-risk:${process.pid}:`;
  const config = {
    ...testConfig(),
    env: 'development' as const,
    redis: store === 'redis' ? { url: REDIS_URL, prefix } : null,
  };
  try {
    await migrateToLatest(database.db);
    const services = createServices({ database, config, clock: () => Date.now() });
    const deps = { database, config, counters: createRiskCounters(config, database) };
    const next = inputs(20_000, () => Date.now());
    const decide = () => services.risk.engine.decide(next());
    const rules = rulesOf(RULES);
    await enforceRules(database, 'demo', rules, Date.now());
    // Redis connects in the background and queues nothing meanwhile: the first calls would fail open.
    if (store === 'redis') await new Promise((r) => setTimeout(r, 1000));
    await oneByOne(2000, decide); // warm-up: JIT, statement cache, counters' rows
    const one = await oneByOne(SAMPLES, decide);
    const rate = await throughput(SECONDS, CONCURRENCY, decide);
    const state = await corpState(deps as never, 'demo', Date.now());
    const { features } = await computeFeatures(deps as never, next(), state);
    const counters = await oneByOne(SAMPLES, () => computeFeatures(deps as never, next(), state));
    const compiled = compile(rules);
    const rulesOnly = await oneByOne(SAMPLES, async () => {
      const ctx = celContext(features);
      return compiled.filter((r) => r.test(ctx));
    });
    await enforceRules(database, 'demo', [], Date.now());
    await database.db.updateTable('risk_ruleset').set({ mode: 'off' }).execute();
    await new Promise((r) => setTimeout(r, 1100)); // the engine's state is at most a second old
    await oneByOne(500, decide);
    const none = await oneByOne(SAMPLES, decide);
    const noneRate = await throughput(SECONDS, CONCURRENCY, decide);
    await services.risk.close();
    await deps.counters.close();
    return {
      store,
      rules: rules.length,
      decision: { ...summary(one), ...rate, concurrency: CONCURRENCY },
      noRules: { ...summary(none), ...noneRate },
      addedP99ms: ms(quantile(one, 0.99) - quantile(none, 0.99)),
      countersAlone: summary(counters),
      rulesAlone: summary(rulesOnly),
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    if (store === 'redis') await dropKeys(prefix);
  }
}

async function dropKeys(prefix: string) {
  const r = new Redis(REDIS_URL);
  try {
    const keys = await r.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 500) await r.del(...keys.slice(i, i + 500));
  } finally {
    r.disconnect();
  }
}

interface DrawLine {
  ceilingRps: number;
  at100: { drawsPerSec: number; p99ms: number; ratioToCeiling: number; errors: number; non2xx: number };
  risk?: Record<string, number>;
}

/** bench:draw in its own process (its own server and ceiling), on a risk-checked campaign. */
function drawWith(risk: 'none' | 'default'): DrawLine {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/draw.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      BENCH_RISK: risk,
      BENCH_SECONDS: process.env.BENCH_SECONDS ?? '5',
      BENCH_USERS: process.env.BENCH_USERS ?? '5000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`bench:draw (${risk}) failed`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as DrawLine;
}

async function main() {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
  const db = process.argv.includes('--db') && process.argv[process.argv.indexOf('--db') + 1] === 'pg' ? 'pg' : 'sqlite';
  const engine = [];
  if (only === null || only === 'engine') {
    const stores = (process.env.BENCH_STORES ?? 'sqlite,redis').split(',') as ('sqlite' | 'redis' | 'memory')[];
    for (const store of stores) engine.push({ ...(await engineOn(store)), load: load() });
  }
  const draw: Record<string, DrawLine & { load: string }> = {};
  if (only === null || only === 'draw') {
    for (const risk of ['none', 'default'] as const) draw[risk] = { ...drawWith(risk), load: load() };
  }
  for (const e of engine) {
    console.log(
      `engine ${e.store.padEnd(6)} ${e.rules} rules: one decision p50 ${e.decision.p50ms} ms, p99 ${e.decision.p99ms} ms` +
        ` (no rule running: p99 ${e.noRules.p99ms} ms, added ${e.addedP99ms} ms; target ≤ 1)` +
        ` | ${e.decision.perSec}/s at ${e.decision.concurrency} at once, ${e.decision.cpuMs} ms CPU each, ${e.decision.perSecOnIdleNode}/s on idle cores (no rule: ${e.noRules.perSec}/s, ${e.noRules.cpuMs} ms; target ≥ 20,000/s)` +
        ` | counters alone p50/p99 ${e.countersAlone.p50ms}/${e.countersAlone.p99ms} ms, 200 rules alone ${e.rulesAlone.p50ms}/${e.rulesAlone.p99ms} ms | load ${e.load}`,
    );
  }
  const ratio = (k: string) => draw[k]?.at100.ratioToCeiling ?? 0;
  for (const [k, d] of Object.entries(draw)) {
    console.log(
      `bench:draw ruleset ${k.padEnd(7)}: ${d.at100.drawsPerSec} draws/s, p99 ${d.at100.p99ms} ms, ceiling ${d.ceilingRps} req/s,` +
        ` ratio ${d.at100.ratioToCeiling}; actions ${JSON.stringify(d.risk ?? {})} | load ${d.load}`,
    );
  }
  const drop = draw.none && draw.default ? Number((1 - ratio('default') / ratio('none')).toFixed(3)) : null;
  if (drop !== null) console.log(`ratio drop with the default ruleset: ${(drop * 100).toFixed(1)}% (target ≤ 10%)`);
  const replay = only === null || only === 'replay' ? { ...(await replayBench(db)), load: load() } : null;
  if (replay) printReplay(replay);
  console.log(JSON.stringify({ bench: 'risk', engine, draw, ratioDrop: drop, replay }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
