import type { Writable } from 'node:stream';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { ConnectionKind, Db, Executor, OpenOptions } from './connection';
import type { Database_ } from './database';
import { createPgGroupCommit, Overloaded } from './pg-group-commit';
import { growingTables, statementName } from './prepared';
import type { DB } from './schema';
import { engineOf } from './tx';

// int8 (counts, epoch-ms columns) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** What every connection to PostgreSQL is opened with (the pool's and the shared reads'). */
function clientConfigOf(url: string, opts: OpenOptions): pg.ClientConfig {
  // pg's `options` and pipeline mode are newer than its types.
  return {
    connectionString: url,
    // Named statements (nameHotStatements) skip the parse, and PostgreSQL's default plan cache mode plans
    // them once for all values after five calls. A query several indexes could serve is planned per call
    // instead (`prepared(…, { plannedPerCall: true })`), and so is a look-up in a table that grows with the
    // traffic (`growingTables`) until PostgreSQL's statistics show the table large (largeTables): a plan
    // made once while its table is new or small keeps the wrong index or a sequential scan as the table
    // grows (ADR 0052, third and fourth addenda).
    ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    // Statements sent together go out without waiting for each other's answers: the keyed units of a group
    // commit (sideBySideTransactions) and the shared reads (sharedReads).
    pipeline: true,
    // A long-lived connection whose peer vanished (a balancer's idle timeout, a failover) is found out.
    keepAlive: true,
    // The server: while the database is unreachable a request waits this long for a connection (pg-pool
    // counts the wait for a free pooled one too), then gets 503. Tests and the CLI wait as long as it takes.
    ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}),
    // A transaction whose node stopped sending (frozen, cut off) is ended by PostgreSQL after this long, so
    // the rows and locks it holds do not stall the draws of every other node meanwhile.
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    // Names the connections in pg_stat_activity (a URL's application_name wins).
    application_name: opts.applicationName ?? 'campaign-h5',
  } as pg.ClientConfig;
}

/**
 * Opens PostgreSQL: a pool (transactions, the group commit's batches, the limiter) whose connections name
 * the hot statements, and one pipelined connection for the shared reads.
 */
export function openPostgres(target: Config['database'] & { kind: 'postgres' }, opts: OpenOptions): Database_ {
  const clientConfig = clientConfigOf(target.url, opts);
  const listeners: ((err: Error, where: ConnectionKind) => void)[] = [];
  const lost = (where: ConnectionKind) => (err: Error) => {
    for (const l of listeners) l(err, where);
  };
  const pool = new pg.Pool({ ...clientConfig, max: 20 });
  // pg reports a lost connection as an 'error' event: on the pool for an idle client, on the client itself
  // while it is checked out (a transaction, a side-by-side batch). Unheard, either ends the process. Heard,
  // the query in flight fails with the error (its request gets 503), the client is not queryable any more,
  // and the pool drops it when it is released and opens a new one when one is needed.
  pool.on('error', lost('pool'));
  const isLarge = largeTables(pool, opts.tableSizesEveryMs);
  pool.on('connect', (client) => {
    client.on('error', lost('pool'));
    nameHotStatements(client, isLarge);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // Without a limit (tests, the CLI) a unit waits its turn however long; the server passes its config's.
  const pgGroupCommit = createPgGroupCommit(db, {
    maxWaitMs: opts.queueMaxWaitMs ?? Number.POSITIVE_INFINITY,
    sideBySide: sideBySideTransactions(pool),
  });
  const reads = sharedReads(clientConfig, isLarge, lost('shared-reads'));
  return {
    db,
    kind: 'postgres',
    sqlite: null,
    groupCommit: null,
    pgGroupCommit,
    engine: engineOf({ sqlite: null, groupCommit: null, pgGroupCommit }),
    sqlitePath: null,
    opened: opts.searchPath ? { target, searchPath: opts.searchPath } : { target },
    pgPool: pool,
    pgReads: reads,
    ping: (timeoutMs = 1000) => answersWithin(reads, timeoutMs),
    onConnectionError: (listener) => {
      listeners.push(listener);
    },
    close: async () => {
      await pgGroupCommit.drain();
      await reads.destroy();
      await db.destroy();
    },
  };
}

/** Whether a `select 1` on `db` comes back within `timeoutMs` (readiness). */
async function answersWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends the prepared queries (db/prepared.ts) as named statements on this connection: PostgreSQL parses and
 * plans each once per connection instead of on every draw, session read and stock take (ADR 0052). Any
 * other SQL (ad-hoc queries, migrations) goes through unchanged. Kysely calls `query(text, values)`.
 */
function nameHotStatements(client: pg.ClientBase, isLarge: (table: string) => boolean) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    const name =
      typeof text === 'string' && Array.isArray(values) && !rest.length ? statementName(text, isLarge) : undefined;
    return name === undefined ? query(text, values, ...rest) : query({ name, text, values });
  }) as typeof client.query;
}

/** Rows PostgreSQL's statistics must count in a table before look-ups in it are planned once for all values. */
export const LARGE_TABLE_ROWS = 1000;

/**
 * Which tables that grow with the traffic (prepared.ts `growingTables`) PostgreSQL's statistics count as
 * large: at least LARGE_TABLE_ROWS rows by pg_class.reltuples, which ANALYZE, VACUUM and autovacuum keep.
 * With that many rows in its statistics, a look-up by a unique key has one cheap plan, the key's index,
 * whatever values it is planned for; with a few rows a sequential scan or any index costs about the same.
 * Asked in the background from the first look-up on, again at most every `everyMs` (a table may be
 * truncated) or at once when a look-up names a table not asked about yet; never in a query's way. A failed
 * check is tried again at the next look-up after `everyMs`.
 */
function largeTables(pool: pg.Pool, everyMs = 10_000): (table: string) => boolean {
  const large = new Set<string>();
  let asked = new Set<string>();
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking = false;
  const check = async () => {
    const tables = [...growingTables];
    asked = new Set(tables);
    const r = await pool.query<{ name: string; n: number }>(
      `select t as name, coalesce((select c.reltuples from pg_class c where c.oid = to_regclass(t)), -1)::float8 as n
         from unnest($1::text[]) t`,
      [tables],
    );
    for (const { name, n } of r.rows) {
      if (n >= LARGE_TABLE_ROWS) large.add(name);
      else large.delete(name);
    }
  };
  return (table) => {
    const now = Date.now();
    if (!checking && (now - checkedAt >= everyMs || !asked.has(table))) {
      checking = true;
      checkedAt = now;
      void check()
        .catch(() => {})
        .finally(() => {
          checking = false;
        });
    }
    return large.has(table);
  };
}

/**
 * In pipeline mode pg writes each statement to the socket as it is issued: one system call, and one wake-up
 * of the PostgreSQL backend, per statement. Holding the socket corked until the event loop's check phase
 * sends every statement issued meanwhile (the draws of one batch, the reads of the requests read in the
 * same turn) in one write: from about 10 write calls per draw to 3 (ADR 0052, third addendum). Only where
 * statements are issued together (sideBySideTransactions, sharedReads): a transaction that sends one
 * statement at a time would only wait for the rest of the turn before each.
 */
function coalescingQuery(client: pg.ClientBase): pg.ClientBase['query'] {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg keeps the socket on its (untyped) connection.
  const stream = () => (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream()?.uncork?.();
  };
  return ((...args: unknown[]) => {
    const s = corked ? undefined : stream();
    if (s?.cork) {
      s.cork();
      corked = true;
      setImmediate(uncork);
    }
    return query(...args);
  }) as pg.ClientBase['query'];
}

/** What Kysely's PostgreSQL dialect needs of a client: pg's `query` and a release. */
type QueryClient = Pick<pg.ClientBase, 'query'> & { release(): void };

/**
 * A Kysely whose every statement goes straight to `connect()`'s client as it is issued: statements issued
 * together are pipelined (pipeline mode), where Kysely's own transactions send one at a time. Never open a
 * transaction on it; its statements interleave.
 */
function kyselyOn(connect: () => Promise<QueryClient>, end: () => Promise<void> = async () => {}): Db {
  const pool = { connect, end };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/**
 * Transactions for the group commit's keyed units (db/pg-group-commit.ts runPipelined): one pooled client,
 * begin, the units' statements pipelined through a Kysely on that client, commit. A client whose rollback
 * failed is given back broken, so the pool closes it.
 */
export function sideBySideTransactions(pool: Pick<pg.Pool, 'connect'>) {
  const bound = new WeakMap<object, Db>();
  return async <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let db = bound.get(client);
    if (!db) {
      const own: QueryClient = { query: coalescingQuery(client), release() {} };
      db = kyselyOn(async () => own);
      bound.set(client, db);
    }
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const out = await fn(db);
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => {
        broken = e;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/** A transaction idle this long (its node frozen or cut off) is ended by PostgreSQL; ours never idle for long. */
const IDLE_IN_TRANSACTION_MS = 2000;

/** Reads in flight on the shared connection past which another is refused (`Overloaded`, answered 429). */
const MAX_SHARED_READS = 2000;

/**
 * One PostgreSQL connection in pipeline mode for the single-statement reads of every request (the session,
 * an earlier draw under a key): each goes out at once, without waiting for a pooled connection or for the
 * reads before it, and PostgreSQL answers them in order. Reconnects when the connection is lost; a read
 * in flight then fails with the connection's error.
 */
function sharedReads(config: pg.ClientConfig, isLarge: (table: string) => boolean, onLost: (err: Error) => void): Db {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let inFlight = 0;
  const open = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client(config);
      const drop = () => {
        if (client === c) client = null;
      };
      c.on('error', (err) => {
        drop();
        onLost(err);
      });
      c.on('end', drop);
      await c.connect();
      nameHotStatements(c, isLarge);
      c.query = coalescingQuery(c);
      client = c;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const shared = {
    query: async (text: string, values: unknown[]) => {
      if (inFlight >= MAX_SHARED_READS) throw new Overloaded(`${MAX_SHARED_READS} shared reads already in flight`);
      inFlight++;
      try {
        return await (await open()).query(text, values);
      } finally {
        inFlight--;
      }
    },
    release() {},
  } as QueryClient;
  const end = async () => {
    const c = client;
    client = null;
    await c?.end();
  };
  return kyselyOn(async () => shared, end);
}
