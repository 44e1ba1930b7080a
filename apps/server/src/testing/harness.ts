import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../app';
import { seedDemo } from '../cli/seed';
import { testConfig } from '../config';
import { type Database_, type DbKind, openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import type { DB } from '../db/schema';
import { createServices, type Services, type ServicesInput } from '../services';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The dialects the integration suites run on: SQLite always, PostgreSQL whenever one answers. A skip
 * is announced loudly; under CI (CI=true) a missing PostgreSQL is a failure, because .ci/run starts it.
 */
export async function dialects(): Promise<DbKind[]> {
  if (await postgresAnswers()) return ['sqlite', 'postgres'];
  const msg = `\n!!! PostgreSQL at ${PG_URL} did not answer: PostgreSQL integration tests SKIPPED !!!\n`;
  if (process.env.CI === 'true') throw new Error(msg);
  console.warn(msg);
  return ['sqlite'];
}

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis the shared-limit suites use answers. Like PostgreSQL, a skip is announced loudly and
 * is a failure under CI (scripts/ensure-test-deps.sh starts one).
 */
export async function redisAnswers(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    const msg = `\n!!! Redis at ${REDIS_URL} did not answer: Redis-backed limit tests SKIPPED !!!\n`;
    if (process.env.CI === 'true') throw new Error(msg);
    console.warn(msg);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A Redis key prefix of its own for one test run, so parallel runs never count each other's calls. */
export function redisForTest() {
  return { url: REDIS_URL, prefix: `test:${randomBytes(6).toString('hex')}:` };
}

export interface TestDb {
  database: Database_;
  /** PostgreSQL: the private schema the tables are in. */
  schema: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: a temp SQLite file, or a private schema in the PostgreSQL test database.
 * `tableSizesEveryMs`: how often PostgreSQL is asked which growing tables are large (db/index.ts).
 */
export async function freshDatabase(
  kind: DbKind,
  opts: { tableSizesEveryMs?: number; applicationName?: string } = {},
): Promise<TestDb> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'campaign-test-'));
    const database = openDatabase({ kind: 'sqlite', path: join(dir, 'test.db') });
    await migrateToLatest(database.db);
    return {
      database,
      schema: null,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ kind: 'postgres', url: PG_URL }, { searchPath: schema, ...opts });
  await migrateToLatest(database.db, { schema });
  return {
    database,
    schema,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export const T0 = Date.UTC(2026, 10, 22, 2, 0, 0);

/** The demo tenants (campaigns/demo.yaml) published into `database`, as of `now`. */
export async function seedDemoInto(database: Database_, now: number): Promise<void> {
  await seedDemo(database.db, createServices({ database, config: testConfig() }).publishing, now);
}

export interface TestApp {
  app: FastifyInstance;
  /** The services the app runs on (the same instances: caches and in-flight sets are shared). */
  services: Services;
  database: Database_;
  clock: { now: number; advance(ms: number): void };
  close(): Promise<void>;
}

/** The real app on a fresh database seeded with the demo tenants, with a clock the test moves. */
export async function startTestApp(
  kind: DbKind,
  overrides: Partial<ServicesInput> & { serveWeb?: boolean; applicationName?: string } = {},
): Promise<TestApp> {
  const { serveWeb, applicationName, ...inputs } = overrides;
  const { database, drop } = await freshDatabase(kind, { applicationName });
  const clock = {
    now: T0,
    advance(ms: number) {
      this.now += ms;
    },
  };
  const services = createServices({ database, config: testConfig(), clock: () => clock.now, ...inputs });
  const app = await buildApp({ services, serveWeb });
  await app.ready();
  await seedDemo(database.db, services.publishing, T0);
  return {
    app,
    services,
    database,
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * A second node on the test app's database and clock, with caches and in-flight sets of its own, as another
 * process behind the balancer would have. Ready, not listening: a test that needs a socket listens itself.
 */
export async function secondNode(t: TestApp): Promise<FastifyInstance> {
  const services = createServices({ database: t.database, config: testConfig(), clock: () => t.clock.now });
  const app = await buildApp({ services });
  await app.ready();
  return app;
}

/** Headers the H5 sends on every call. */
export const H5 = { 'x-campaign-client': 'h5' } as const;

export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(res: LightMyRequestResponse) {
      for (const c of res.cookies) {
        if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    },
    get(name: string) {
      return jar.get(name);
    },
    header(): string {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
  };
}

export function body<T = unknown>(res: LightMyRequestResponse): { code: number; data: T } {
  return res.json();
}

/** How many rows a table holds: what "nothing was stored" is measured with. */
export async function countRows(database: Database_, table: keyof DB): Promise<number> {
  const r = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
