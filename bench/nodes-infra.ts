/**
 * The pieces `npm run test:nodes` (bench/nodes.ts) runs the nodes beside: HAProxy with the repository's
 * configuration, a Redis of its own, and waiting for a service to answer.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The path of haproxy, installed from Debian with apt-get when missing (as root). */
export function ensureHaproxy(): string {
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
export function balancerConfig(root: string, lbPort: number, ports: number[]): string {
  const lines = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8').split('\n');
  const binds = lines.filter((l) => /^\s+bind\s/.test(l)).length;
  const servers = lines.filter((l) => /^\s+server\s/.test(l)).length;
  if (binds !== 1 || servers < 1) throw new Error('deploy/haproxy.cfg: expected one bind line and server lines');
  const out: string[] = [];
  for (const l of lines) {
    if (/^\s+bind\s/.test(l)) out.push(`  bind 127.0.0.1:${lbPort}`);
    else if (/^\s+server\s/.test(l)) {
      if (!out.some((o) => /^\s+server\s/.test(o))) {
        out.push(...ports.map((p, i) => `  server n${i + 1} 127.0.0.1:${p}`));
      }
    } else out.push(l);
  }
  return out.join('\n');
}

export async function waitFor(url: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

/** A redis-server of the test's own on `port`: nothing persisted, stopped with the test. */
export function startRedis(port: number, children: Set<ChildProcess>): ChildProcess {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function redisUp(port: number) {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const r = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (r.stdout.trim() === 'PONG') return;
    await sleep(100);
  }
  throw new Error('redis did not come up');
}

/**
 * A node's environment: production with the demo's log-in code, gateways pointed at a port nothing listens
 * on (no text is sent), one process (`WORKERS=1`), the balancer as the only trusted proxy.
 */
export function nodeEnvironment(o: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  loginLimit: number;
  webDist: string;
}): NodeJS.ProcessEnv {
  return {
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
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix,
    // The balancer is the only proxy: it appends the client address the nodes believe.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_PER_MINUTE: String(o.loginLimit),
    WEB_DIST: o.webDist,
    WORKERS: '1',
  };
}

/** The activity the customers draw in: one stocked prize and the consolation. */
export const activityYaml = (stock: number) => `
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
      - { id: hot, name: 爆款券, kind: coupon, image: /prizes/coupon.svg, weight: 50, stock: ${stock}, valueCents: 100 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 50, consolation: true }
`;
