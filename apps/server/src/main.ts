import { buildApp } from './app';
import { seedDemoIfEmpty } from './cli/seed';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrate';

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  const app = await buildApp({ database, config, serveWeb: true });
  if (config.demoMode) {
    const seeded = await seedDemoIfEmpty(database.db, app.draws, Date.now());
    if (seeded) app.log.info('database was empty: demo tenants seeded');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const base = `http://localhost:${config.port}`;
  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.path}` : 'PostgreSQL';
  app.log.info(`campaign-h5 ready on ${base} (${where}, demo mode ${config.demoMode ? 'on' : 'off'})`);
  if (config.demoMode) {
    console.log(
      [
        '',
        `  campaign-h5 is running on ${base}  (${where})`,
        `  Log in (demo code 123456):  ${base}/login?corpId=demo`,
        `  API docs:                   ${base}/bmcs/api/docs`,
        `  Health / metrics:           ${base}/healthz  ${base}/metrics`,
        '',
      ].join('\n'),
    );
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
