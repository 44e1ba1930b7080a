import type { AnyExecutor, Engine, SqliteConnection, SqliteTx } from './connection';
import type { GroupCommit } from './group-commit';
import type { PortTx } from './owners';
import type { PgGroupCommit } from './pg-group-commit';
import type { Prepared } from './prepared';

/** What an Engine (db/connection.ts) is: only this file and the openers see it. */
interface EngineParts {
  sqlite: SqliteConnection | null;
  groupCommit: GroupCommit | null;
  pgGroupCommit: PgGroupCommit | null;
}

/** The opaque engine of a database (db/sqlite.ts, db/postgres.ts make it). */
export function engineOf(parts: EngineParts): Engine {
  return parts as unknown as Engine;
}
const partsOf = (engine: Engine) => engine as unknown as EngineParts;
const opaque = (conn: SqliteConnection) => conn as unknown as SqliteTx;

/**
 * What transactions and reads need of a database, whichever module's tables its Kysely is typed with: no
 * raw connection, the engine is opaque (a module's handle is one of these, platform/services.ts).
 */
export interface TxDatabase {
  db: AnyExecutor;
  pgReads: AnyExecutor | null;
  engine: Engine;
}

/**
 * One transaction body for both databases. A body is a generator: each database step is `yield*`ed, so
 * on SQLite the steps run synchronously inside a group commit (nothing interleaves, and many bodies share
 * one commit) and on PostgreSQL they are awaited inside a Kysely transaction. The rules are written once.
 */
export type Step<T> = Generator<unknown, T, unknown>;

/**
 * Where a body's steps run: a SQLite connection (synchronous) or a Kysely transaction (asynchronous). The
 * transaction is opaque (db/owners.ts PortTx): a body runs prepared statements in it (`rows`, `changes`),
 * which a module builds on its own tables only.
 */
export type TxExec = { sqlite: SqliteTx } | { kysely: PortTx };
const kyselyOf = (x: { kysely: PortTx }) => x.kysely as unknown as AnyExecutor;

/** The rows of a prepared query. */
export function* rows<P, R>(x: TxExec, q: Prepared<P, R>, params: P): Step<R[]> {
  if ('sqlite' in x) return q.all(x.sqlite, params);
  return ((yield q(kyselyOf(x), params)) as { rows: R[] }).rows;
}

/** The number of rows a prepared statement changed. */
export function* changes<P>(x: TxExec, q: Prepared<P, unknown>, params: P): Step<number> {
  if ('sqlite' in x) return q.run(x.sqlite, params);
  return Number(((yield q(kyselyOf(x), params)) as { numAffectedRows?: bigint }).numAffectedRows ?? 0);
}

function runSync<T>(body: Step<T>): T {
  let r = body.next();
  while (!r.done) {
    if (r.value instanceof Promise) throw new Error('an asynchronous step inside a synchronous transaction');
    r = body.next(r.value);
  }
  return r.value;
}

async function runAsync<T>(body: Step<T>): Promise<T> {
  let r = body.next();
  while (!r.done) r = body.next(await r.value);
  return r.value;
}

/**
 * A read outside any transaction. On SQLite, when no transaction is open on the connection, it runs at
 * once and synchronously (it can only see committed data); otherwise it waits its turn through Kysely. On
 * PostgreSQL it goes out at once on the connection the reads share (db/index.ts sharedReads).
 */
export async function read<P, R>(database: TxDatabase, q: Prepared<P, R>, params: P): Promise<R[]> {
  const { sqlite } = partsOf(database.engine);
  if (sqlite && !sqlite.inTransaction) return q.all(opaque(sqlite), params);
  return (await q(database.pgReads ?? database.db, params)).rows;
}

/**
 * Runs `body` as one write transaction, grouped with others that arrive together (a savepoint each). With a
 * `pipelineKey`, on PostgreSQL the body may run side by side with the other keyed bodies of its batch, one
 * per key (db/pg-group-commit.ts): give one only to a body that touches its key's own rows, and shared rows
 * only through single atomic statements. `since` (epoch ms, when the request arrived): the body is refused as
 * past capacity (`Overloaded`) once DRAW_QUEUE_MAX_MS have passed since then before it ran.
 */
export function transact<T>(
  database: TxDatabase,
  body: (x: TxExec) => Step<T>,
  opts: { pipelineKey?: string; since?: number } = {},
): Promise<T> {
  const { groupCommit, pgGroupCommit } = partsOf(database.engine);
  if (groupCommit)
    return groupCommit.enqueue((sqlite) => runSync(body({ sqlite: opaque(sqlite) })), { since: opts.since });
  if (pgGroupCommit)
    return pgGroupCommit.enqueue((tx) => runAsync(body({ kysely: tx as unknown as PortTx })), {
      key: opts.pipelineKey,
      since: opts.since,
    });
  return database.db.transaction().execute((tx) => runAsync(body({ kysely: tx as unknown as PortTx })));
}

/** Runs a body's steps inside a Kysely transaction the caller already holds (either database). */
export function stepsIn<T>(tx: AnyExecutor | PortTx, body: (x: TxExec) => Step<T>): Promise<T> {
  return runAsync(body({ kysely: tx as unknown as PortTx }));
}
