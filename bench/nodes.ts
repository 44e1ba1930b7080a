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
 * Prints per fault the customers' 5xx, 429s, resets and timeouts and how long until draws succeed again, then
 * audits the database. One JSON line on stdout (tables on stderr); exits 1 unless: no node exits on a database
 * or Redis fault, draws succeed within 3 s of the database coming back, the rolling restart answers every
 * request, every acknowledged draw is stored once, stock adds up, the log-in limit and the risk counters
 * (bench/nodes-risk.ts) hold across nodes. Needs PostgreSQL (NODES_DATABASE_URL, default …/postgres), redis-server
 * and haproxy (apt-get when missing). Ports on 127.0.0.1: the balancer NODES_PORT (18780), the nodes the next N.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Attempt, DRAW_GIVE_UP_MS, drawUntilAnswered, h5, ipOf, login } from './nodes-customers';
import {
  activityYaml,
  balancerConfig,
  ensureHaproxy,
  nodeEnvironment,
  redisUp,
  sleep,
  startRedis,
  waitFor,
} from './nodes-infra';
import { auditDraws, type Fault, faultTable, summarize } from './nodes-report';
import { checkRiskCounters } from './nodes-risk';
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

const env = nodeEnvironment({
  databaseUrl: directUrl,
  redisUrl: `redis://127.0.0.1:${REDIS_PORT}`,
  redisPrefix: `nodes:${run}:`,
  loginLimit: LOGIN_LIMIT,
  webDist: join(dir, 'no-web'),
});

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')}: ${r.stderr}`);
}

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

const LB = `http://127.0.0.1:${LB_PORT}`;
const attempts: Attempt[] = [];

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
    writeFileSync(yamlFile, activityYaml(STOCK));
    cli(['import', yamlFile]);

    let redis = startRedis(REDIS_PORT, children);
    await redisUp(REDIS_PORT);
    const nodes = ports.map((p, i) => startNode(i + 1, p));
    await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/readyz`)));
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, balancerConfig(ROOT, LB_PORT, ports));
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

    await checkRiskCounters({ ports, databaseUrl: directUrl, index: USERS + 1, cli, dir, result, failures });
    const cookies: string[] = [];
    for (let i = 0; i < USERS; i += 20) {
      cookies.push(...(await Promise.all(Array.from({ length: Math.min(20, USERS - i) }, (_, j) => login(LB, i + j)))));
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
          const r = await drawUntilAnswered(LB, cookies[u] as string, key, ipOf(u), (a) =>
            attempts.push({ ...a, startMs: a.startMs - t0, endMs: since() }),
          );
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
        redis = startRedis(REDIS_PORT, children);
        await redisUp(REDIS_PORT);
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

    const perFault = faults.map((f) => summarize(f, attempts));

    // Audit in the database.
    const { stored, lost, twice, positionsTwice, awardsTwice, issued, left } = await auditDraws(
      directUrl,
      acknowledged,
    );
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
      stored,
      acknowledgedButLost: lost,
      keysStoredTwice: twice,
      drawPositionsTwice: positionsTwice,
      awardsTwice,
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
    if (positionsTwice > 0) failures.push('a draw position stored twice');
    if (awardsTwice > 0) failures.push('a draw awarded twice');
    if (issued > STOCK || issued + left !== STOCK) failures.push('stock does not add up');
    if (unanswered > 0)
      failures.push(`${unanswered} draws never answered after ${DRAW_GIVE_UP_MS / 1000} s of retries`);
    if (health !== 200) failures.push('the balancer has no ready node at the end');

    console.error(faultTable(perFault));
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
