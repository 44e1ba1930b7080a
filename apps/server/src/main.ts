import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { seedDemoApprovals } from './cli/demo-approvals';
import { seedDemoCampaigns } from './cli/demo-campaigns';
import { assertNoDemoConsoleAccounts, seedDemoConsole } from './cli/demo-console';
import { seedDemoCustomer } from './cli/demo-customer';
import { seedDemoSeasons } from './cli/demo-season';
import { assertNoDemoSecrets, refusesDemoData, seedDemoIfEmpty } from './cli/seed';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { assertProvidersConfigured } from './modules/auth/provider-config';
import { createServices } from './services';

/** How many connections may wait to be accepted (Node's default is 511). */
const LISTEN_BACKLOG = 4096;
/** Set on the processes the primary forks: they serve, the primary prepared the database. */
const WORKER_ENV = 'CAMPAIGN_WORKER';

/** The database and the app on it; `prepare` migrates first and seeds the demo tenants into an empty database. */
async function openApp(config: Config, opts: { prepare: boolean; serveWeb: boolean }) {
  // A request waits at most 2 s for a database connection, then gets 503 (ADR 0053).
  const database = openDatabase(config.database, { queueMaxWaitMs: config.drawQueueMaxMs, connectTimeoutMs: 2000 });
  if (opts.prepare) await migrateToLatest(database.db);
  if (refusesDemoData(config)) {
    try {
      await assertNoDemoSecrets(database.db);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  const services = createServices({ database, config });
  if (refusesDemoData(config)) {
    try {
      await assertNoDemoConsoleAccounts(services);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  const app = await buildApp({ services, serveWeb: opts.serveWeb });
  if (opts.prepare && config.demoMode && (await seedDemoIfEmpty(database.db, services.publishing, Date.now()))) {
    await seedDemoCustomer(services, Date.now());
    await seedDemoSeasons(services, Date.now());
    await seedDemoApprovals(services, Date.now());
    await seedDemoConsole(services);
    await seedDemoCampaigns(services, Date.now());
    console.log('database was empty: demo tenants seeded');
  }
  return { database, app };
}

function banner(config: Config) {
  const base = `http://localhost:${config.port}`;
  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  const procs = config.workers > 1 ? `, ${config.workers} worker processes` : '';
  return [
    '',
    `  campaign-h5 is running on ${base}  (${where}${procs})`,
    `  Log in (demo code 123456):  ${base}/login?corpId=demo`,
    `  Operator console:           ${base}/console/?corpId=demo  (demo accounts: README, Operator console)`,
    ...(config.apiDocs ? [`  API docs:                   ${base}/bmcs/api/docs`] : []),
    `  Health / metrics:           ${base}/healthz  ${base}/metrics`,
    '',
  ].join('\n');
}

/** One serving process: the whole app on the port (shared with its siblings under the cluster). */
async function serve(config: Config, opts: { prepared: boolean }) {
  const { database, app } = await openApp(config, { prepare: !opts.prepared, serveWeb: true });
  let closing = false;
  /**
   * SIGTERM (a rolling restart, systemd stop): 1. readiness fails and every answer closes its connection, for
   * SHUTDOWN_DRAIN_MS, while the balancer's health checks take the node out (it still serves whatever
   * arrives meanwhile; Ctrl-C skips the wait); 2. the listener closes and the requests in flight finish (Fastify's close); 3. the
   * group commits drain and the pools close; 4. exit 0. Anything stuck past the deadline: exit 1.
   */
  const shutdown = async (signal: string, drainMs: number) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs }, 'draining');
    const timer = setTimeout(() => process.exit(1), drainMs + 10_000);
    timer.unref();
    app.drain();
    await new Promise((r) => setTimeout(r, drainMs));
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'closing the server failed');
      code = 1;
    }
    // Every request has been answered by now: a pool that cannot say goodbye to an unreachable database
    // loses nothing, so it does not turn a clean stop into a failed one.
    await database.close().catch((err) => app.log.warn({ err }, 'closing the database connections failed'));
    app.log.info({ signal, code }, 'stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', config.shutdownDrainMs));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  // A worker whose primary is gone stops too, instead of serving on unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone', 0));
  // A launch burst opens hundreds of connections at once: past Node's default queue of 511 the kernel drops
  // the handshakes, and each is tried again a second later (the slowest answers at 500 connections came from
  // those). The kernel caps it at net.core.somaxconn.
  const address = await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info({ address }, `campaign-h5 serving on ${address}`);
  if (!cluster.isWorker && config.demoMode) console.log(banner(config));
}

/**
 * WORKERS > 1: the primary prepares the database once, forks the workers (one shared port), restarts a
 * worker that dies, and on SIGTERM/SIGINT stops them all and exits 0 when every one finished cleanly.
 * Secrets generated at start (no ENCRYPTION_KEY outside production) are generated here once, so every
 * worker opens what another sealed.
 */
async function supervise(config: Config) {
  const prepared = await openApp({ ...config, logLevel: 'warn' }, { prepare: true, serveWeb: false });
  await prepared.app.close();
  await prepared.database.close();
  const env: Record<string, string> = { [WORKER_ENV]: '1' };
  if (!process.env.ENCRYPTION_KEY) env.ENCRYPTION_KEY = randomBytes(32).toString('hex');
  let stopping = false;
  let listening = 0;
  let failed = false;
  let restarts: number[] = [];
  // Each worker accepts its own connections. Under round-robin the primary hands every new connection
  // over one at a time, each waiting for a busy worker's acknowledgement: a burst of new connections
  // then waits seconds for its first answer.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const fork = () => cluster.fork(env);
  cluster.on('listening', () => {
    if (++listening === config.workers && config.demoMode) console.log(banner(config));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    // A worker that keeps dying (a bad config, the port taken) is not restarted for ever.
    const now = Date.now();
    restarts = restarts.filter((t) => now - t < 60_000).concat(now);
    if (restarts.length > 5) {
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); 6 exits within a minute: stopping`);
      stop();
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 500);
  });
  function stop() {
    if (stopping) return;
    stopping = true;
    failed ||= restarts.length > 5;
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) process.exit(failed ? 1 : 0);
    for (const w of alive) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000).unref();
  }
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < config.workers; i++) fork();
}

async function main() {
  const config = loadConfig();
  // Before the database is touched: a production start without the real SMS gateway and chat-platform
  // exchange ends here (exit 1), naming the variables to set.
  assertProvidersConfigured(config);
  if (cluster.isPrimary && config.workers > 1) return supervise(config);
  return serve(config, { prepared: process.env[WORKER_ENV] === '1' });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
