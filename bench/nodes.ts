/**
 * `npm run test:nodes`: N server nodes (separate processes, `WORKERS=1` each) on one fresh PostgreSQL database
 * and a Redis of its own, behind HAProxy running the repository's deploy/haproxy.cfg (only its `bind` and
 * `server` lines replaced). Customers draw through the balancer under Idempotency-Keys, retrying as the H5
 * would, while five faults are injected one after another (ADR 0053):
 *   1. kill -9 of a node (then started again, as its supervisor would);
 *   2. PostgreSQL cut off for 5 s (a TCP proxy between the nodes and PostgreSQL closes every connection and
 *      refuses new ones; PostgreSQL itself and its other databases are untouched);
 *   3. Redis killed, and started again 3 s later;
 *   4. one node frozen with SIGSTOP for 8 s;
 *   5. a rolling restart of every node with SIGTERM.
 * Prints per fault the customers' 5xx, 429s, connection resets and timeouts and how long until draws succeed
 * again, then audits the database. One JSON line on stdout (a table on stderr); exits 1 unless: no node exits
 * on a database or Redis fault, draws succeed within 3 s of the database coming back (no restart), the
 * rolling restart answers every request, every acknowledged draw is stored exactly once, stock adds up, and
 * the log-in limit holds across nodes.
 *
 * Needs PostgreSQL (NODES_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, to create its
 * database), redis-server on the PATH, and haproxy (installed with apt-get when missing and run as root).
 * Ports: the balancer on NODES_PORT (18780), the nodes on the next N, then the PostgreSQL proxy and Redis.
 * Every request goes to 127.0.0.1.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTcpCut } from './tcp-cut';

const ROOT = new URL('..', import.meta.url).pathname;
const ADMIN_URL = process.env.NODES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NODES = Math.max(2, Number(process.env.NODES ?? 3));
const LB_PORT = Number(process.env.NODES_PORT ?? 18780);
const PG_PROXY_PORT = LB_PORT + NODES + 1;
const REDIS_PORT = LB_PORT + NODES + 2;
const CONCURRENCY = Number(process.env.NODES_CONCURRENCY ?? 32);
const USERS = 200;
const STOCK = 400;
const LOGIN_LIMIT = 30;
/** A customer's patience for one answer, as the H5's request timeout. */
const ANSWER_TIMEOUT_MS = 5000;
/** A draw not acknowledged after this long of retries under its key counts as never answered. */
const DRAW_GIVE_UP_MS = 30_000;

const run = randomBytes(4).toString('hex');
const dbName = `campaign_nodes_${run}`;
const directUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const pgTarget = new URL(ADMIN_URL);
const proxiedUrl = (() => {
  const u = new URL(directUrl);
  u.hostname = '127.0.0.1';
  u.port = String(PG_PROXY_PORT);
  return u.toString();
})();
const dir = mkdtempSync(join(tmpdir(), 'campaign-nodes-'));
const children = new Set<ChildProcess>();

const env = {
  ...process.env,
  NODE_ENV: 'production',
  DEMO_MODE: '1',
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SMS_ENDPOINT: 'http://127.0.0.1:9/sms',
  SMS_ACCESS_KEY: 'nodes',
  SMS_SECRET: 'nodes',
  SMS_TEMPLATE_ID: 'nodes',
  OAUTH_BASE_URL: 'http://127.0.0.1:9/',
  OAUTH_APP_ID: 'nodes',
  OAUTH_APP_SECRET: 'nodes',
  DATABASE_URL: directUrl,
  REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
  REDIS_PREFIX: `nodes:${run}:`,
  // The balancer is the only proxy: it appends the client address the nodes believe.
  TRUST_PROXY: '127.0.0.1',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_PER_MINUTE: String(LOGIN_LIMIT),
  WEB_DIST: join(dir, 'no-web'),
  WORKERS: '1',
};

const YAML = `
activities:
  - id: nodes-wheel
    corp: demo
    type: wheel
    title: 多节点转盘
    startsAt: now-1h
    endsAt: now+1d
    chances: { perDay: 100000 }
    rules: <p>nodes</p>
    prizes:
      - { id: hot, name: 爆款券, kind: coupon, image: /prizes/coupon.svg, weight: 50, stock: ${STOCK}, valueCents: 100 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 50, consolation: true }
`;

function ensureHaproxy(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('haproxy is missing: apt-get install haproxy (as root)');
  console.error('[nodes] installing Debian haproxy…');
  const r = spawnSync(
    'sh',
    ['-c', 'apt-get install -y -qq haproxy || (apt-get update -qq && apt-get install -y -qq haproxy)'],
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  if (r.status !== 0) throw new Error('could not install haproxy');
  return 'haproxy';
}

/**
 * The repository's balancer configuration with this run's addresses: the `bind` line and the `server` lines
 * are replaced, nothing else (a changed line count means the file changed shape: fail loudly).
 */
function balancerConfig(ports: number[]): string {
  const lines = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8').split('\n');
  const binds = lines.filter((l) => /^\s+bind\s/.test(l)).length;
  const servers = lines.filter((l) => /^\s+server\s/.test(l)).length;
  if (binds !== 1 || servers < 1) throw new Error('deploy/haproxy.cfg: expected one bind line and server lines');
  const out: string[] = [];
  for (const l of lines) {
    if (/^\s+bind\s/.test(l)) out.push(`  bind 127.0.0.1:${LB_PORT}`);
    else if (/^\s+server\s/.test(l)) {
      if (!out.some((o) => /^\s+server\s/.test(o))) {
        out.push(...ports.map((p, i) => `  server n${i + 1} 127.0.0.1:${p}`));
      }
    } else out.push(l);
  }
  return out.join('\n');
}

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')}: ${r.stderr}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const since = () => Date.now() - t0;

/** Every exit of a node process: those the test caused (kill -9, SIGTERM) are `expected`. */
const exits: { node: number; atMs: number; code: number | null; signal: string | null; expected: boolean }[] = [];
/** The test is over: whatever exits now was stopped by it. */
let stopping = false;

interface Node {
  index: number;
  port: number;
  child: ChildProcess;
  /** Set before the test kills or stops it, so its exit counts as expected. */
  stopping: boolean;
}

function startNode(index: number, port: number): Node {
  // The server itself is the child (no wrapper process): a signal hits the node and nothing else. Through the
  // proxy, so PostgreSQL can be cut off from the nodes alone.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: proxiedUrl, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const node: Node = { index, port, child, stopping: false };
  child.once('exit', (code, signal) => {
    children.delete(child);
    exits.push({ node: index, atMs: since(), code, signal, expected: node.stopping || stopping });
  });
  return node;
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

function startRedis(): ChildProcess {
  const child = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function redisUp() {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const r = spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { encoding: 'utf8' });
    if (r.stdout.trim() === 'PONG') return;
    await sleep(100);
  }
  throw new Error('redis did not come up');
}

const LB = `http://127.0.0.1:${LB_PORT}`;
const h5 = (clientIp: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-campaign-client': 'h5',
  'x-forwarded-for': clientIp,
  ...extra,
});
const ipOf = (u: number) => `10.50.${Math.floor(u / 250)}.${u % 250}`;

async function login(i: number): Promise<string> {
  const res = await fetch(`${LB}/bmcs/api/auth/otp/login?corpId=demo`, {
    method: 'POST',
    headers: h5(ipOf(i)),
    body: JSON.stringify({ mobile: `132${String(i).padStart(8, '0')}`, code: '123456' }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sid.split(';')[0] as string;
}

/** One exchange with the balancer as the customer saw it. */
type Outcome = 'drawn' | 'refused' | '429' | '5xx' | '409' | 'reset' | 'timeout' | 'other';
interface Attempt {
  startMs: number;
  endMs: number;
  outcome: Outcome;
  status: number;
}
const attempts: Attempt[] = [];

/** One draw under `key`: retried under the same key after a 5xx, 409, 429 or a failed exchange, as the H5 does. */
async function drawUntilAnswered(cookie: string, key: string, ip: string) {
  const giveUp = Date.now() + DRAW_GIVE_UP_MS;
  for (let attempt = 0; Date.now() < giveUp; attempt++) {
    const startMs = since();
    let outcome: Outcome;
    let drawId: string | undefined;
    let status = 0;
    let wait = Math.min(1000, 100 * 2 ** attempt);
    try {
      const res = await fetch(`${LB}/bmcs/api/v2/lottery?corpId=demo`, {
        method: 'POST',
        headers: h5(ip, { cookie, 'idempotency-key': key }),
        body: JSON.stringify({ actId: 'nodes-wheel' }),
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      const text = await res.text();
      status = res.status;
      if (res.status === 200) {
        const body = JSON.parse(text) as { code: number; data: { drawId: string } };
        outcome = body.code === 0 ? 'drawn' : 'refused';
        if (body.code === 0) drawId = body.data.drawId;
      } else if (res.status === 429) {
        outcome = '429';
        wait = 1000 * Number(res.headers.get('retry-after') ?? 1);
      } else if (res.status >= 500) outcome = '5xx';
      else if (res.status === 409) outcome = '409';
      else outcome = 'other';
    } catch (err) {
      outcome = (err as Error).name === 'TimeoutError' ? 'timeout' : 'reset';
    }
    attempts.push({ startMs, endMs: since(), outcome, status });
    if (outcome === 'drawn') return { drawId };
    if (outcome === 'refused' || outcome === 'other') return {};
    await sleep(wait);
  }
  return { unanswered: true };
}

interface Fault {
  name: string;
  startMs: number;
  /** When the cause ended (the database back, the node resumed); for kill -9 and the restart, the start. */
  clearedMs: number;
  endMs: number;
}

async function main() {
  const haproxy = ensureHaproxy();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const ports = Array.from({ length: NODES }, (_, i) => LB_PORT + 1 + i);
  const result: Record<string, unknown> = { test: 'nodes', nodes: NODES, db: 'postgres', redis: true };
  const failures: string[] = [];
  const proxy = await startTcpCut({
    port: PG_PROXY_PORT,
    target: { host: pgTarget.hostname, port: Number(pgTarget.port || 5432) },
  });
  let stopLoad = false;
  try {
    cli(['migrate']);
    cli(['seed']);
    const yamlFile = join(dir, 'nodes.yaml');
    writeFileSync(yamlFile, YAML);
    cli(['import', yamlFile]);

    let redis = startRedis();
    await redisUp();
    const nodes = ports.map((p, i) => startNode(i + 1, p));
    await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/readyz`)));
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, balancerConfig(ports));
    const lb = spawn(haproxy, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.add(lb);
    await waitFor(`${LB}/healthz`);

    // Limits across nodes: one address, 2 × the limit through the balancer.
    const limitAnswers = await Promise.all(
      Array.from({ length: 2 * LOGIN_LIMIT }, () =>
        fetch(`${LB}/bmcs/api/auth/otp/login?corpId=demo`, {
          method: 'POST',
          headers: h5('10.99.0.1'),
          body: JSON.stringify({ mobile: '13299999999', code: '000000' }),
        }).then((r) => r.status),
      ),
    );
    const loginsThrough = limitAnswers.filter((s) => s !== 429).length;
    result.limit = { loginLimit: LOGIN_LIMIT, calls: 2 * LOGIN_LIMIT, answered: loginsThrough };
    if (loginsThrough !== LOGIN_LIMIT) failures.push(`login limit: ${loginsThrough} answered, not ${LOGIN_LIMIT}`);

    const cookies: string[] = [];
    for (let i = 0; i < USERS; i += 20) {
      cookies.push(...(await Promise.all(Array.from({ length: Math.min(20, USERS - i) }, (_, j) => login(i + j)))));
    }

    // The load: CONCURRENCY customers drawing one after another until the faults are over.
    const acknowledged = new Map<string, string>();
    let unanswered = 0;
    let seq = 0;
    const load = Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (!stopLoad) {
          const u = seq++ % USERS;
          const key = randomUUID();
          const r = await drawUntilAnswered(cookies[u] as string, key, ipOf(u));
          if (r.drawId) acknowledged.set(key, r.drawId);
          if (r.unanswered) unanswered++;
        }
      }),
    );

    const faults: Fault[] = [];
    const fault = async (name: string, inject: () => Promise<number | undefined>, settleMs: number) => {
      const startMs = since();
      const clearedMs = (await inject()) ?? startMs;
      await sleep(settleMs);
      faults.push({ name, startMs, clearedMs, endMs: since() });
      console.error(`[nodes] ${name}: done at ${since()} ms`);
    };
    const node = (i: number) => nodes[i] as Node;
    const restart = async (i: number) => {
      const n = node(i);
      nodes[i] = startNode(n.index, n.port);
      await waitFor(`http://127.0.0.1:${n.port}/readyz`);
    };
    const exited = (n: Node) =>
      n.child.exitCode !== null || n.child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((r) => n.child.once('exit', () => r()));

    const baselineStart = since();
    await sleep(3000);
    const baselineEnd = since();

    await fault(
      'kill -9 of a node',
      async () => {
        const victim = node(NODES - 1);
        victim.stopping = true;
        victim.child.kill('SIGKILL');
        await exited(victim);
        // Its supervisor (systemd Restart=always, deploy/campaign-h5.service) starts it again.
        await sleep(1000);
        await restart(NODES - 1);
        return undefined;
      },
      3000,
    );

    await fault(
      'PostgreSQL cut for 5 s',
      async () => {
        await proxy.cut();
        await sleep(5000);
        await proxy.restore();
        return since();
      },
      5000,
    );

    await fault(
      'Redis killed and restarted',
      async () => {
        redis.kill('SIGKILL');
        await sleep(3000);
        redis = startRedis();
        await redisUp();
        return since();
      },
      4000,
    );

    await fault(
      'one node frozen (SIGSTOP) for 8 s',
      async () => {
        const frozen = node(0);
        frozen.child.kill('SIGSTOP');
        await sleep(8000);
        frozen.child.kill('SIGCONT');
        return since();
      },
      4000,
    );

    await fault(
      'rolling restart (SIGTERM) of every node',
      async () => {
        for (let i = 0; i < NODES; i++) {
          const n = node(i);
          n.stopping = true;
          n.child.kill('SIGTERM');
          await exited(n);
          await restart(i);
          // The balancer puts it back after 2 good checks (about 1 s) before the next one goes.
          await sleep(2500);
        }
        return undefined;
      },
      3000,
    );

    stopLoad = true;
    await load;

    // Per fault: what customers saw from its start to the next fault's.
    const perFault = faults.map((f) => {
      // An exchange counts where it ended: one in flight when the next fault struck is that fault's.
      const mine = attempts.filter((a) => a.endMs >= f.startMs && a.endMs < f.endMs);
      const count = (o: Outcome) => mine.filter((a) => a.outcome === o).length;
      const firstDrawnAfterClear = mine
        .filter((a) => a.outcome === 'drawn' && a.startMs >= f.clearedMs)
        .reduce((m, a) => Math.min(m, a.endMs), Number.POSITIVE_INFINITY);
      // The longest stretch in the window in which no draw was answered.
      const drawnAt = attempts
        .filter((a) => a.outcome === 'drawn' && a.endMs >= f.startMs && a.endMs < f.endMs)
        .map((a) => a.endMs)
        .sort((a, b) => a - b);
      let longestGap = 0;
      let gapAt = 0;
      let prev = f.startMs;
      for (const t of [...drawnAt, f.endMs]) {
        if (t - prev > longestGap) {
          longestGap = t - prev;
          gapAt = prev - f.startMs;
        }
        prev = Math.max(prev, t);
      }
      const statuses: Record<string, number> = {};
      for (const a of mine) if (a.outcome === '5xx') statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      return {
        fault: f.name,
        seconds: Math.round((f.endMs - f.startMs) / 100) / 10,
        requests: mine.length,
        drawn: count('drawn'),
        '5xx': count('5xx'),
        '429': count('429'),
        '409': count('409'),
        resets: count('reset'),
        timeouts: count('timeout'),
        drawsAgainAfterMs: Number.isFinite(firstDrawnAfterClear) ? firstDrawnAfterClear - f.clearedMs : null,
        longestWithoutDrawMs: longestGap,
        longestFromMs: gapAt,
        statuses5xx: statuses,
      };
    });

    // Audit in the database.
    const db = new pg.Client({ connectionString: directUrl });
    await db.connect();
    const stored = await db.query<{ idem_key: string; id: string }>(
      "select idem_key, id from draw where act_id = 'nodes-wheel'",
    );
    const byKey = new Map<string, string[]>();
    for (const r of stored.rows) byKey.set(r.idem_key, [...(byKey.get(r.idem_key) ?? []), r.id]);
    const lost = [...acknowledged].filter(([key, id]) => !byKey.get(key)?.includes(id)).length;
    const twice = [...byKey.values()].filter((ids) => ids.length > 1).length;
    const positions = await db.query<{ n: string }>(
      "select count(*) n from (select user_id, draw_index from draw where act_id = 'nodes-wheel' group by user_id, draw_index having count(*) > 1) d",
    );
    const hot = await db.query<{ issued: string; left: number }>(
      "select (select count(*) from award where act_id = 'nodes-wheel' and prize_id = 'hot') issued, (select left_stock + coalesce((select sum(left_stock) from prize_stock_bucket where act_id = 'nodes-wheel' and prize_id = 'hot'), 0) from prize where act_id = 'nodes-wheel' and id = 'hot') \"left\"",
    );
    const awardsPerDraw = await db.query<{ n: string }>(
      "select count(*) n from (select draw_id from award where act_id = 'nodes-wheel' group by draw_id having count(*) > 1) a",
    );
    await db.end();
    const issued = Number(hot.rows[0]?.issued);
    const left = Number(hot.rows[0]?.left);
    const unexpectedExits = exits.filter((e) => !e.expected);
    const sigtermExits = exits.filter((e) => e.expected && e.signal !== 'SIGKILL');
    const health = await fetch(`${LB}/readyz`).then((r) => r.status);
    Object.assign(result, {
      concurrency: CONCURRENCY,
      baseline: {
        seconds: (baselineEnd - baselineStart) / 1000,
        drawn: attempts.filter((a) => a.startMs < baselineEnd && a.outcome === 'drawn').length,
      },
      faults: perFault,
      exits: [...exits],
      acknowledged: acknowledged.size,
      stored: stored.rowCount,
      acknowledgedButLost: lost,
      keysStoredTwice: twice,
      drawPositionsTwice: Number(positions.rows[0]?.n),
      awardsTwice: Number(awardsPerDraw.rows[0]?.n),
      stock: { total: STOCK, issued, left, oversold: issued > STOCK || issued + left !== STOCK },
      unanswered,
      balancerReady: health,
    });
    const byName = (name: string) => perFault.find((f) => f.fault.startsWith(name));
    if (unexpectedExits.length > 0) failures.push(`${unexpectedExits.length} node processes exited by themselves`);
    if (sigtermExits.some((e) => e.code !== 0)) failures.push('a node did not exit 0 on SIGTERM');
    const pgBack = byName('PostgreSQL')?.drawsAgainAfterMs;
    if (pgBack === null || pgBack === undefined || pgBack > 3000) {
      failures.push(`draws did not succeed within 3 s of PostgreSQL coming back (${pgBack} ms)`);
    }
    const rolling = byName('rolling');
    if (rolling && rolling['5xx'] + rolling.resets + rolling.timeouts > 0) {
      failures.push('the rolling restart did not answer every request');
    }
    if (lost > 0) failures.push(`${lost} acknowledged draws lost`);
    if (twice > 0) failures.push(`${twice} keys stored twice`);
    if (Number(positions.rows[0]?.n) > 0) failures.push('a draw position stored twice');
    if (Number(awardsPerDraw.rows[0]?.n) > 0) failures.push('a draw awarded twice');
    if (issued > STOCK || issued + left !== STOCK) failures.push('stock does not add up');
    if (unanswered > 0)
      failures.push(`${unanswered} draws never answered after ${DRAW_GIVE_UP_MS / 1000} s of retries`);
    if (health !== 200) failures.push('the balancer has no ready node at the end');

    console.error(
      [
        '',
        '| fault | requests | 5xx | 429 | resets | timeouts | draws again after | longest without a draw |',
        '|---|---:|---:|---:|---:|---:|---:|---:|',
        ...perFault.map(
          (f) =>
            `| ${f.fault} | ${f.requests} | ${f['5xx']} | ${f['429']} | ${f.resets} | ${f.timeouts} | ${f.drawsAgainAfterMs ?? '—'} ms | ${f.longestWithoutDrawMs} ms |`,
        ),
        '',
      ].join('\n'),
    );
  } finally {
    stopLoad = true;
    stopping = true;
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGCONT');
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await sleep(1500);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await proxy.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
  result.ok = failures.length === 0;
  result.failures = failures;
  console.log(JSON.stringify(result));
  if (failures.length > 0) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
