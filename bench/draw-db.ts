/**
 * `npm run bench:draw-db [-- --src <dir>]`: the draw's database path alone on PostgreSQL (ADR 0052): the draw
 * service called in this process by 100 concurrent callers for BENCH_SECONDS (default 10), no HTTP, no
 * Redis, no session look-up. One JSON line: draws/s, latency, stock audit, the CPU spent per draw by this
 * process and by PostgreSQL's backends (comparable across runs on a busy machine), and PostgreSQL's wait
 * events. `--src` runs another checkout's server code (its `apps/server/src`) against the same load, to
 * compare before and after on one machine at one time.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database_ } from '../apps/server/src/db';
import { BENCH_YAML, cpuMsOf, PG_ADMIN_URL, PG_VIA, PG_WAITS_SQL, STOCK, shares } from './draw-shared';

const ROOT = new URL('..', import.meta.url).pathname;
const srcArg = process.argv.indexOf('--src');
const SRC = join(srcArg > 0 ? (process.argv[srcArg + 1] as string) : ROOT, 'apps/server/src');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CALLERS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const USERS = 2000;

async function main() {
  const name = `campaign_benchdb_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const mod = async (p: string) => import(join(SRC, p));
  const { openDatabase } = await mod('db/index.ts');
  const { migrateToLatest } = await mod('db/migrate.ts');
  const { createServices } = await mod('services.ts');
  const { testConfig } = await mod('config.ts');
  const { parseDefinition } = await mod('campaign-file/definition.ts');
  const { applyDefinition } = await mod('campaign-file/import.ts');
  // Asked every second here (10 s in the server): the warm-up below makes the growing tables large.
  const database: Database_ = openDatabase({ kind: 'postgres', url }, { tableSizesEveryMs: 1000 });
  // The database is dropped at the end with (force): a connection still open then is not an error.
  database.pgPool?.on('error', () => {});
  const sampler_ = new pg.Client({ connectionString: url, application_name: 'bench-sampler' });
  await sampler_.connect();
  try {
    await migrateToLatest(database.db);
    const services = createServices({
      database,
      config: { ...testConfig(), env: 'development' },
      clock: () => Date.now(),
    });
    await database.db
      .insertInto('corp')
      .values({ id: 'demo', name: 'demo', app_secret: 'x', white_listed: 1, gray: 0, created_at: Date.now() })
      .execute()
      .catch(() => {});
    await applyDefinition(
      database.db,
      services.activity,
      parseDefinition(BENCH_YAML, 'b.yaml', Date.now()),
      Date.now(),
    );
    const users = Array.from({ length: USERS }, (_, i) => ({
      id: `u${i}`,
      corp_id: 'demo',
      nuid: `n${i}`,
      mobile: null,
      open_id: null,
      created_at: Date.now(),
    }));
    for (let i = 0; i < USERS; i += 500)
      await database.db
        .insertInto('app_user')
        .values(users.slice(i, i + 500))
        .execute();
    const corp = { id: 'demo', name: 'demo', whiteListed: true, gray: false, appSecret: 'x' };
    const draw = (i: number) =>
      services.draw.draw(
        corp,
        { id: `u${i}`, corpId: 'demo', nuid: `n${i}`, mobile: null, openId: null, loginMethod: 'otp', tokenHash: '' },
        {
          actId: 'bench-wheel',
          idemKey: randomUUID(),
          via: 'lottery',
          ip: '127.0.0.1',
          deviceId: null,
          grayFlag: null,
          nuid: `n${i}`,
        },
      );
    // Warm up: draws enough for statistics as a campaign's database in service has them (autovacuum analyses
    // tables as they grow), then the server-side look-ups are planned once (db/index.ts largeTables).
    for (let round = 0; round < 4; round++)
      await Promise.all(Array.from({ length: 500 }, (_, i) => draw(round * 500 + i)));
    await sql`analyze`.execute(database.db);
    await new Promise((r) => setTimeout(r, 1100));
    await Promise.all(Array.from({ length: 200 }, (_, i) => draw(i)));
    const backends = (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and application_name not like 'bench-%' and pid <> pg_backend_pid()",
        [name],
      )
    ).rows.map((r) => r.pid);
    const pgBefore = backends.reduce((s, p) => s + cpuMsOf(p), 0);
    const meBefore = process.cpuUsage();
    const waits = new Map<string, number>();
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    let next = 200;
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    const sampler = (async () => {
      while (Date.now() < until) {
        const r = await sampler_.query<{ what: string }>(PG_WAITS_SQL);
        for (const { what } of r.rows) waits.set(what, (waits.get(what) ?? 0) + 1);
        await new Promise((res) => setTimeout(res, 20));
      }
    })();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (Date.now() < until) {
          const t0 = performance.now();
          try {
            await draw(next++ % USERS);
            latencies.push(performance.now() - t0);
          } catch (err) {
            const code = String((err as { code?: unknown }).code ?? (err as Error).name);
            errors.set(code, (errors.get(code) ?? 0) + 1);
          }
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    await sampler;
    const me = process.cpuUsage(meBefore);
    const pgMs = backends.reduce((s, p) => s + cpuMsOf(p), 0) - pgBefore;
    const meMs = (me.user + me.system) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (x: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(x * latencies.length))] ?? 0);
    const n = latencies.length;
    const audit = await database.db
      .selectFrom('prize')
      .select((eb) => [
        'left_stock',
        eb
          .selectFrom('award')
          .select((e) => e.fn.countAll<number>().as('c'))
          .where('act_id', '=', 'bench-wheel')
          .where('prize_id', '=', 'hot')
          .as('issued'),
      ])
      .where('act_id', '=', 'bench-wheel')
      .where('id', '=', 'hot')
      .executeTakeFirstOrThrow();
    // Before the buckets (--src of an older checkout) the table does not exist: the row holds all the stock.
    const buckets = await database.db
      .selectFrom('prize_stock_bucket')
      .select((eb) => eb.fn.sum<number>('left_stock').as('s'))
      .where('act_id', '=', 'bench-wheel')
      .executeTakeFirst()
      .catch(() => undefined);
    const left = Number(audit.left_stock) + Number(buckets?.s ?? 0);
    const issued = Number(audit.issued);
    console.log(
      JSON.stringify({
        bench: 'draw-db',
        pgVia: PG_VIA,
        src: srcArg > 0 ? process.argv[srcArg + 1] : 'this checkout',
        callers: CALLERS,
        seconds: Number(elapsed.toFixed(1)),
        drawsPerSec: Math.round(n / elapsed),
        p50ms: q(0.5),
        p99ms: q(0.99),
        maxMs: Math.round(latencies[n - 1] ?? 0),
        errors: Object.fromEntries(errors),
        nodeMsPerDraw: Number((meMs / n).toFixed(3)),
        pgMsPerDraw: Number((pgMs / n).toFixed(3)),
        drawsPerSecOnIdleCores: Math.round((cpus().length * 1000 * n) / (meMs + pgMs)),
        pgWaits: shares(waits),
        stock: STOCK,
        awarded: issued,
        left,
        oversell: Math.max(0, issued - STOCK) + (issued + left === STOCK ? 0 : 1),
        load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      }),
    );
  } finally {
    await sampler_.end();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
