/**
 * `npm run bench:draw [-- --db sqlite|pg|both]`: draw throughput on SQLite (default) and/or PostgreSQL.
 * Starts the real server (its own process), logs in many users, drives POST /lottery with autocannon from
 * this process at 100 and 500 connections, measures a bare Fastify JSON route (another process) as the
 * ceiling, then audits stock. Prints one JSON line per database. On PostgreSQL it creates a fresh database
 * (BENCH_PG_ADMIN_URL, default the local Unix socket, else 127.0.0.1:5432; see draw-shared.ts) and drops it afterwards, and
 * counts the limits in Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379; empty: in PostgreSQL).
 * Each load also counts the answers slower than 500 ms (`over500ms`) and lists the five slowest with when
 * they came (`at`, seconds into the load).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { enforceForBench, forwardedFor, riskActions, riskEnv, riskYaml } from './draw-risk';
import { BENCH_YAML, cpuMsOf, PACED, PG_ADMIN_URL, PG_VIA, PG_WAITS_SQL, STOCK, shares } from './draw-shared';

const ROOT = new URL('..', import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 18765);
const CEILING_PORT = PORT + 1;

const dir = mkdtempSync(join(tmpdir(), 'bench-draw-'));
const dbPath = join(dir, 'bench.db');
const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: 'production',
  DEMO_MODE: '1',
  ENCRYPTION_KEY: 'a'.repeat(64),
  // Production never starts with the simulated identity providers. The bench logs in with the demo code
  // and sends no texts, so the gateways point at a local port nothing listens on.
  SMS_ENDPOINT: 'http://127.0.0.1:9/sms',
  SMS_ACCESS_KEY: 'bench',
  SMS_SECRET: 'bench',
  SMS_TEMPLATE_ID: 'bench',
  OAUTH_BASE_URL: 'http://127.0.0.1:9/',
  OAUTH_APP_ID: 'bench',
  OAUTH_APP_SECRET: 'bench',
  SQLITE_PATH: dbPath,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  PORT: String(PORT),
  LOGIN_RATE_PER_MINUTE: '1000000',
  DRAW_RATE_PER_SECOND: '1000',
  WEB_DIST: join(dir, 'no-web'),
  // Both cores: two server processes share the port and the SQLite file (docs/operations.md, "Scaling").
  WORKERS: process.env.BENCH_WORKERS ?? '2',
  // BENCH_RISK (bench:risk): a risk-checked campaign, each user from its own address (bench/draw-risk.ts).
  ...riskEnv(),
};

function startNode(args: string[], extraEnv: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function loginAll(n: number): Promise<string[]> {
  const cookies: string[] = [];
  const batch = 50;
  for (let i = 0; i < n; i += batch) {
    const part = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, async (_, j) => {
        let res: Response;
        // A server catching up (event-loop delay, ADR 0053) answers 429 with Retry-After: as a client, wait and retry.
        for (let attempt = 0; ; attempt++) {
          res = await fetch(`http://127.0.0.1:${PORT}/bmcs/api/auth/otp/login?corpId=demo`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-campaign-client': 'h5' },
            body: JSON.stringify({ mobile: `131${String(i + j).padStart(8, '0')}`, code: '123456' }),
          });
          if (res.status !== 429 || attempt >= 20) break;
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
        }
        const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
        if (!sid) throw new Error(`login failed: ${res.status}`);
        return sid.split(';')[0] as string;
      }),
    );
    cookies.push(...part);
  }
  return cookies;
}

function run(opts: autocannon.Options, onAnswer?: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    if (onAnswer) instance.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

async function drawLoad(cookies: string[], connections: number, duration = DURATION) {
  let i = 0;
  // The answers slower than half a second: when in the run they came (s from its start), and what they were.
  const slow: { at: number; ms: number; status: number }[] = [];
  const start = performance.now();
  const result = await run(
    {
      url: `http://127.0.0.1:${PORT}`,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/bmcs/api/v2/lottery?corpId=demo',
          setupRequest: (req) => {
            const user = i++ % cookies.length;
            const cookie = cookies[user] as string;
            return {
              ...req,
              headers: {
                ...forwardedFor(user),
                'content-type': 'application/json',
                'x-campaign-client': 'h5',
                cookie,
                'idempotency-key': randomUUID(),
              },
              body: JSON.stringify({ actId: 'bench-wheel' }),
            };
          },
        },
      ],
    },
    (status, ms) => {
      if (ms > 500)
        slow.push({ at: Number(((performance.now() - start) / 1000).toFixed(2)), ms: Math.round(ms), status });
    },
  );
  return {
    connections,
    // Only answered draws count: a 429 is load shed, not a draw.
    drawsPerSec: Math.round(result['2xx'] / result.duration),
    answered: result['2xx'],
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    p999ms: result.latency.p99_9,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    status429: result.statusCodeStats?.['429']?.count ?? 0,
    over500ms: slow.length,
    slowest: slow.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

type DbChoice = 'sqlite' | 'pg';

/** Write system calls a process has made so far (/proc/<pid>/io syscw; Linux), 0 when it is gone. */
const writeCallsOf = (pid: number): number => {
  try {
    return Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/**
 * CPU spent per draw, by whom: the server processes (the primary and its workers), PostgreSQL's backends of
 * the bench database, and this process (autocannon). Unlike draws/s this hardly depends on what else the
 * machine runs, so runs on a busy shared machine can be compared; the machine's cores divided by the CPU per
 * draw is what it could carry with nothing else running.
 */
async function cpuMeter(serverPid: number, pgUrl: string | null) {
  const pgPids = async () => {
    if (!pgUrl) return [];
    const c = new pg.Client({ connectionString: pgUrl, application_name: 'bench-meter' });
    await c.connect();
    try {
      const r = await c.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and application_name not like 'bench-%'",
      );
      return r.rows.map((x) => x.pid);
    } finally {
      await c.end();
    }
  };
  const server = [serverPid, ...childrenOf(serverPid)];
  const backends = await pgPids();
  const sum = (pids: number[]) => pids.reduce((s, p) => s + cpuMsOf(p), 0);
  const writes = () => server.reduce((s, p) => s + writeCallsOf(p), 0);
  const start = { server: sum(server), pg: sum(backends), bench: process.cpuUsage(), writes: writes() };
  return async (draws: number) => {
    const later = [...new Set([...backends, ...(await pgPids())])];
    const serverMs = sum(server) - start.server;
    // Backends that appeared during the run started from 0.
    const pgMs = sum(later) - start.pg;
    const b = process.cpuUsage(start.bench);
    const benchMs = (b.user + b.system) / 1000;
    const perDraw = (ms: number) => Number((ms / Math.max(1, draws)).toFixed(3));
    const total = serverMs + pgMs + benchMs;
    return {
      serverMsPerDraw: perDraw(serverMs),
      pgMsPerDraw: perDraw(pgMs),
      benchMsPerDraw: perDraw(benchMs),
      cpuMsPerDraw: perDraw(total),
      // Write system calls (sockets: HTTP answers, PostgreSQL, Redis) by the server per draw: unlike CPU
      // time this does not depend on how fast the machine is today (ADR 0052, third addendum).
      serverWritesPerDraw: perDraw(writes() - start.writes),
      // What the machine's cores could carry with nothing else running (bench included).
      drawsPerSecOnIdleCores: Math.round((cpus().length * 1000) / Math.max(0.001, total / Math.max(1, draws))),
    };
  };
}

/**
 * Where PostgreSQL's backends of the bench database spend the load (ADR 0052): pg_stat_activity sampled
 * every 20 ms, each backend counted by what it is doing — running ("cpu"), waiting for a lock (by kind),
 * for the client (idle in transaction: the server is between two statements of a draw), for the disk.
 * Shares of all backend samples, so a run is comparable with another of a different length.
 */
function samplePgWaits(pgUrl: string) {
  const client = new pg.Client({ connectionString: pgUrl, application_name: 'bench-sampler' });
  const counts = new Map<string, number>();
  let stop = false;
  const done = (async () => {
    await client.connect();
    while (!stop) {
      const r = await client.query<{ what: string }>(PG_WAITS_SQL);
      for (const { what } of r.rows) {
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      await new Promise((res) => setTimeout(res, 20));
    }
    await client.end();
  })();
  return async () => {
    stop = true;
    await done;
    return shares(counts);
  };
}

async function analyze(pgUrl: string) {
  const client = new pg.Client({ connectionString: pgUrl, application_name: 'bench-analyze' });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/**
 * The stock audit: awards of the hot prize, what is left of it, and all draws of the bench activity, read in
 * ONE statement (one snapshot): draws still committing after the load must not fall between two reads.
 */
async function audit(db: DbChoice, pgUrl: string | null): Promise<{ issued: number; left: number; draws: number }> {
  const q = `select
      (select count(*) from award where act_id = 'bench-wheel' and prize_id = 'hot') as issued,
      (select left_stock + coalesce((select sum(left_stock) from prize_stock_bucket
          where act_id = 'bench-wheel' and prize_id = 'hot'), 0) from prize where act_id = 'bench-wheel' and id = 'hot') as "left",
      (select count(*) from draw where act_id = 'bench-wheel') as draws`;
  const toNumbers = (r: Record<string, unknown>) => ({
    issued: Number(r.issued),
    left: Number(r.left),
    draws: Number(r.draws),
  });
  if (db === 'sqlite') {
    const sqlite = new Database(dbPath, { readonly: true });
    try {
      return toNumbers(sqlite.prepare(q).get() as Record<string, unknown>);
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: pgUrl ?? '' });
  await client.connect();
  try {
    return toNumbers((await client.query(q)).rows[0] ?? {});
  } finally {
    await client.end();
  }
}

async function main() {
  const arg = process.argv.indexOf('--db');
  const choice = arg > 0 ? process.argv[arg + 1] : 'sqlite';
  if (choice !== 'sqlite' && choice !== 'pg' && choice !== 'both') throw new Error('--db sqlite | pg | both');
  const dbs: DbChoice[] = choice === 'both' ? ['sqlite', 'pg'] : [choice];
  try {
    for (const db of dbs) console.log(JSON.stringify(await benchOn(db)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchOn(db: DbChoice) {
  let pgUrl: string | null = null;
  let dropDb: (() => Promise<void>) | null = null;
  if (db === 'pg') {
    const name = `campaign_bench_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    pgUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    dropDb = async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
    env.DATABASE_URL = pgUrl;
    env.REDIS_URL = BENCH_REDIS_URL;
    env.REDIS_PREFIX = `bench:${name}:`;
  } else {
    env.DATABASE_URL = '';
    env.REDIS_URL = '';
  }
  try {
    return await benchWith(db, pgUrl);
  } finally {
    await dropDb?.();
  }
}

async function benchWith(db: DbChoice, pgUrl: string | null) {
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'seed'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(cli.stderr);
  const yamlFile = join(dir, 'bench.yaml');
  writeFileSync(yamlFile, riskYaml(BENCH_YAML));
  const imp = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'import', yamlFile], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (imp.status !== 0) throw new Error(imp.stderr);
  await enforceForBench(dbPath, pgUrl);

  // BENCH_PROFILE=dir writes a V8 CPU profile of the server (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = startNode([...profile, 'apps/server/src/main.ts'], {});
  const ceiling = startNode(['bench/ceiling-server.ts'], { PORT: String(CEILING_PORT) });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/healthz`);
    await waitFor(`http://127.0.0.1:${CEILING_PORT}/`);
    const cookies = await loginAll(USERS);
    if (pgUrl) {
      // Statistics as a campaign's database in service has them (autovacuum analyses tables as they grow):
      // until PostgreSQL's statistics count a table as large, look-ups in it are planned on every call (db/index.ts
      // largeTables; ADR 0052, fourth addendum). The server asks again during the ceiling's run.
      await drawLoad(cookies, 50, 2);
      await analyze(pgUrl);
    }
    // Warm up JIT and caches.
    await run({ url: `http://127.0.0.1:${CEILING_PORT}/`, connections: 50, duration: 2 });
    const ceil = await run({ url: `http://127.0.0.1:${CEILING_PORT}/`, connections: 100, duration: DURATION });
    // Warm the draw path too (JIT, statement cache), as the ceiling was warmed.
    await drawLoad(cookies, 50, 2);
    const waits = db === 'pg' && pgUrl ? samplePgWaits(pgUrl) : null;
    const meter = await cpuMeter(server.pid ?? 0, pgUrl);
    const at100 = await drawLoad(cookies, 100);
    const cpuAt100 = await meter(at100.answered);
    const pgWaitsAt100 = await waits?.();
    const at500 = await drawLoad(cookies, 500);

    const { issued, left, draws } = await audit(db, pgUrl);
    const ceilingRps = Math.round(ceil.requests.average);
    const target = { drawsPerSec: db === 'pg' ? 4000 : 5000, p99ms: 50 };
    const line = {
      bench: 'draw',
      db: db === 'pg' ? 'postgres' : 'sqlite',
      ...(db === 'pg' ? { pgVia: PG_VIA } : {}),
      limits: db === 'pg' ? (env.REDIS_URL ? 'redis' : 'postgres') : 'sqlite',
      seconds: DURATION,
      users: USERS,
      workers: Number(env.WORKERS),
      ceilingRps,
      // The longest any customer waited for a draw or a 429 at 500 connections (a launch burst): ≤ 1 s wanted.
      slowestAnswerAt500Ms: at500.maxMs,
      at100: { ...at100, ratioToCeiling: Number((at100.drawsPerSec / ceilingRps).toFixed(3)) },
      at500: { ...at500, ratioToCeiling: Number((at500.drawsPerSec / ceilingRps).toFixed(3)) },
      cpuAt100,
      ...(pgWaitsAt100 ? { pgWaitsAt100 } : {}),
      draws,
      stock: STOCK,
      paced: PACED,
      awarded: issued,
      left,
      oversell: Math.max(0, issued - STOCK) + (issued + left === STOCK ? 0 : 1),
      ...(await riskActions(dbPath, pgUrl)),
      target,
      targetMet:
        at100.drawsPerSec >= target.drawsPerSec &&
        at100.p99ms <= target.p99ms &&
        at100.errors === 0 &&
        at100.non2xx === 0 &&
        issued <= STOCK &&
        issued + left === STOCK,
      // Past capacity: nobody waits a second; what cannot be served in time is refused with 429.
      shedsInsteadOfQueueing: at500.maxMs < 1000 && at500.errors === 0,
    };
    return line;
  } finally {
    server.kill('SIGTERM');
    ceiling.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
