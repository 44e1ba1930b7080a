/**
 * `npm run test:nodes`: N server nodes (separate processes on separate ports, not one cluster) on one fresh
 * PostgreSQL database and one Redis, behind HAProxy from Debian. Drives draws through the balancer, kills
 * one node with SIGKILL mid-load, and checks: nothing acknowledged is lost, nothing is stored twice, limits
 * hold across nodes, the surviving node carries on. Prints one JSON line; exits 1 when a check fails.
 *
 * Needs PostgreSQL (NODES_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, to create the
 * database), Redis (NODES_REDIS_URL, default redis://127.0.0.1:6379) and haproxy (installed with apt-get
 * when missing and run as root). Every request goes to 127.0.0.1.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = new URL('..', import.meta.url).pathname;
const ADMIN_URL = process.env.NODES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.NODES_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NODES = Math.max(2, Number(process.env.NODES ?? 2));
const LB_PORT = Number(process.env.NODES_PORT ?? 18780);
const SECONDS = Number(process.env.NODES_SECONDS ?? 12);
const CONCURRENCY = 24;
const USERS = 60;
const STOCK = 400;
const LOGIN_LIMIT = 30;
/** Tries of one draw under its key (about 8 s of waiting in all), as the H5's retries would. */
const ATTEMPTS = 8;

const run = randomBytes(4).toString('hex');
const dbName = `campaign_nodes_${run}`;
const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
const dir = mkdtempSync(join(tmpdir(), 'campaign-nodes-'));
const children: ChildProcess[] = [];

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
  DATABASE_URL: dbUrl,
  REDIS_URL,
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

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')}: ${r.stderr}`);
}

function startNode(port: number): ChildProcess {
  // The server itself is the child (no wrapper process), so SIGKILL hits the node and nothing else.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const LB = `http://127.0.0.1:${LB_PORT}`;
const h5 = (clientIp: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-campaign-client': 'h5',
  'x-forwarded-for': clientIp,
  ...extra,
});

async function login(i: number): Promise<string> {
  const res = await fetch(`${LB}/bmcs/api/auth/otp/login?corpId=demo`, {
    method: 'POST',
    headers: h5(`10.50.${Math.floor(i / 250)}.${i % 250}`),
    body: JSON.stringify({ mobile: `132${String(i).padStart(8, '0')}`, code: '123456' }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sid.split(';')[0] as string;
}

/** One draw under `key`; a failed exchange (node killed under it) is retried with the same key. */
async function drawOnce(cookie: string, key: string, ip: string) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const res = await fetch(`${LB}/bmcs/api/v2/lottery?corpId=demo`, {
        method: 'POST',
        headers: h5(ip, { cookie, 'idempotency-key': key }),
        body: JSON.stringify({ actId: 'nodes-wheel' }),
        signal: AbortSignal.timeout(5000),
      });
      const text = await res.text();
      if (res.status === 200) {
        const body = JSON.parse(text) as { code: number; data: { drawId: string } };
        if (body.code === 0) return { status: 200, drawId: body.data.drawId, retried: attempt };
        return { status: 200, code: body.code, retried: attempt };
      }
      // 502/503 from the balancer while the killed node is taken out: the same key again.
      if (res.status >= 500 || res.status === 409) continue;
      return { status: res.status, retried: attempt };
    } catch {
      // The connection died with the node: the same key again.
    }
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
  return { status: 0, retried: ATTEMPTS };
}

async function main() {
  const haproxy = ensureHaproxy();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const ports = Array.from({ length: NODES }, (_, i) => LB_PORT + 1 + i);
  const result: Record<string, unknown> = { test: 'nodes', nodes: NODES, db: 'postgres', redis: true };
  const failures: string[] = [];
  try {
    cli(['migrate']);
    cli(['seed']);
    const yamlFile = join(dir, 'nodes.yaml');
    writeFileSync(yamlFile, YAML);
    cli(['import', yamlFile]);

    const nodes = ports.map((p) => startNode(p));
    await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/healthz`)));
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      [
        'global',
        '  maxconn 4096',
        'defaults',
        '  mode http',
        '  timeout connect 1s',
        '  timeout client 30s',
        '  timeout server 30s',
        // A busy machine answers a health check slowly; only a node that stops answering is taken out.
        '  timeout check 3s',
        // A request whose connection failed goes to another node; a started draw is never re-sent by the
        // balancer (the client retries it under its key).
        '  retries 2',
        '  option redispatch',
        '  retry-on conn-failure empty-response',
        'frontend campaign',
        `  bind 127.0.0.1:${LB_PORT}`,
        '  option forwardfor',
        '  default_backend nodes',
        'backend nodes',
        '  balance roundrobin',
        '  option httpchk GET /healthz',
        ...ports.map((p, i) => `  server n${i} 127.0.0.1:${p} check inter 1s fall 3 rise 1`),
        '',
      ].join('\n'),
    );
    const lb = spawn(haproxy, ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(lb);
    await waitFor(`${LB}/healthz`);

    // Limits across nodes: one address, 2 × the limit through the balancer (round robin over the nodes).
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

    // The load: CONCURRENCY loops for SECONDS; a node is killed at 40%.
    const acknowledged = new Map<string, string>();
    const statuses: Record<string, number> = {};
    let afterKill = 0;
    let killedAt = 0;
    let seq = 0;
    const end = Date.now() + SECONDS * 1000;
    const victim = nodes[nodes.length - 1] as ChildProcess;
    const killer = setTimeout(() => {
      killedAt = Date.now();
      victim.kill('SIGKILL');
    }, SECONDS * 400);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const u = seq++ % USERS;
          const key = randomUUID();
          const r = await drawOnce(cookies[u] as string, key, `10.50.${Math.floor(u / 250)}.${u % 250}`);
          const label = r.status === 200 && 'code' in r ? `200/${r.code}` : String(r.status);
          statuses[label] = (statuses[label] ?? 0) + 1;
          if ('drawId' in r && r.drawId) {
            acknowledged.set(key, r.drawId);
            if (killedAt && Date.now() > killedAt) afterKill++;
          }
        }
      }),
    );
    clearTimeout(killer);

    // Audit in the database.
    const db = new pg.Client({ connectionString: dbUrl });
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
    const alive = nodes.slice(0, -1).every((n) => n.exitCode === null && n.signalCode === null);
    const health = await fetch(`${LB}/healthz`).then((r) => r.status);
    Object.assign(result, {
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      killedNodeAfterMs: killedAt ? killedAt - (end - SECONDS * 1000) : null,
      statuses,
      acknowledged: acknowledged.size,
      stored: stored.rowCount,
      acknowledgedButLost: lost,
      keysStoredTwice: twice,
      drawPositionsTwice: Number(positions.rows[0]?.n),
      awardsTwice: Number(awardsPerDraw.rows[0]?.n),
      stock: { total: STOCK, issued, left, oversold: issued > STOCK || issued + left !== STOCK },
      drawsAfterKill: afterKill,
      survivorsAlive: alive,
      balancerHealth: health,
    });
    if (!killedAt) failures.push('no node was killed');
    if (lost > 0) failures.push(`${lost} acknowledged draws lost`);
    if (twice > 0) failures.push(`${twice} keys stored twice`);
    if (Number(positions.rows[0]?.n) > 0) failures.push('a draw position stored twice');
    if (Number(awardsPerDraw.rows[0]?.n) > 0) failures.push('a draw awarded twice');
    if (issued > STOCK || issued + left !== STOCK) failures.push('stock does not add up');
    if (afterKill === 0) failures.push('no draw answered after the kill');
    if (!alive || health !== 200) failures.push('the surviving node did not carry on');
    if ((statuses['0'] ?? 0) > 0) failures.push(`${statuses['0']} draws never answered after retries`);
    if ((statuses['500'] ?? 0) > 0) failures.push('500s');
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
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
