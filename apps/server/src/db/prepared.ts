import {
  type Compilable,
  CompiledQuery,
  DummyDriver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { AnyExecutor, SqliteConnection, SqliteTx } from './connection';
import type { OneOwner, Owner, TablesOf } from './owners';
import type { DB } from './schema';

const MARK = '\u0001param:';
type Slot = { key: string } | { value: unknown };
interface Compiled {
  sql: string;
  slots: Slot[];
}

/** Compiles SQLite SQL without a connection, for the synchronous path. */
const sqliteCompiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

/**
 * A `*` column list: PostgreSQL refuses to run a named statement whose result columns changed since it was
 * parsed ("cached plan must not change result type"), e.g. after another node's migration added a column.
 * Such queries stay unnamed; the hot path lists its columns.
 */
const STAR = /\bselect\s+(distinct\s+)?\*|\breturning\s+\*|"?\w+"?\.\*/i;

/** SQL text of every prepared query compiled so far (bar `*` lists) → the name PostgreSQL keeps it under. */
const statementNames = new Map<string, string>();
/** SQL text of the `plannedPerCall` queries: never named, even if another definition compiles to the same. */
const perCall = new Set<string>();
/** SQL text of the `growingTables` queries → the tables they look rows up in. */
const growing = new Map<string, readonly string[]>();
/** Every table a `growingTables` query names (db/index.ts asks PostgreSQL how large they are). */
export const growingTables = new Set<string>();

/**
 * The name a prepared query's SQL is parsed under, once per PostgreSQL connection (db/index.ts names them on
 * the pool's connections), or undefined for any other SQL. The hot path's statements then skip the parse,
 * and after five executions PostgreSQL plans them once for all values (a generic plan). A query marked
 * `plannedPerCall` is never named: it is parsed and planned with its values on every call. One marked
 * `growingTables` is named only once `isLarge` says each of its tables is (db/index.ts), and planned per
 * call until then.
 */
export function statementName(sql: string, isLarge: (table: string) => boolean = () => false): string | undefined {
  if (perCall.has(sql)) return undefined;
  const tables = growing.get(sql);
  if (tables && !tables.every(isLarge)) return undefined;
  return statementNames.get(sql);
}

/** `p` in a `prepared` builder: the parameter of that name (also for a part of a builder shared by two). */
export type Param<P> = <K extends keyof P & string>(key: K) => P[K];

export interface Prepared<P, R> {
  /** Through Kysely: either dialect, the database or an open transaction. */
  (ex: AnyExecutor, params: P): Promise<QueryResult<R>>;
  /** Synchronously on the SQLite connection inside a group commit (db/tx.ts): rows of a query. */
  all(conn: SqliteTx, params: P): R[];
  /** Synchronously on the SQLite connection inside a group commit (db/tx.ts): rows changed by a statement. */
  run(conn: SqliteTx, params: P): number;
}

/**
 * A query written with Kysely's typed builder but built and compiled once per database: on the hot path
 * (sessions, draws) building and compiling cost more than SQLite running the query. `p('name')` marks a
 * parameter; constants in the builder stay constants. The SQL is per dialect, so it is kept per adapter.
 * The same definition also runs synchronously on SQLite, inside a group commit (db/group-commit.ts).
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: Param<P>) => Compilable<R>,
  opts: {
    /**
     * Plan with the values on every call (PostgreSQL), never once for all. For a query that several indexes
     * could serve whatever its table's size (scores, ranks, a customer's wins): a plan made once for all
     * values may pick the wrong one. A look-up by key in a table that grows is `growingTables` (ADR 0052).
     */
    plannedPerCall?: boolean;
    /**
     * The tables of a look-up by key in tables that grow with the traffic (sessions, draws, counters).
     * While one of them is small by PostgreSQL's statistics the query is planned per call: a plan made once
     * for all values while a table is small may pick a sequential scan or the wrong index (with a few rows
     * every index costs the same) and keep it as the table grows, until PostgreSQL next analyses the table.
     * Once every one of them is large, the query is named and planned once (db/index.ts; ADR 0052, fourth
     * addendum): with statistics of many rows the key's unique index is the only cheap plan.
     */
    growingTables?: readonly (keyof DB & string)[];
  } = {},
): Prepared<P, R> {
  return preparedOn(build, opts);
}

type PreparedOptions = NonNullable<Parameters<typeof prepared>[1]>;

/**
 * `prepared` for one module: the builder sees that module's tables only (db/owners.ts), so a prepared
 * query cannot name another module's table either. `const prepared = preparedFor('prizes');` in its repo.
 */
export function preparedFor<M extends Owner>(_owner: M & OneOwner<M>) {
  return <P extends Record<string, unknown>, R>(
    build: (db: Kysely<TablesOf<M>>, p: Param<P>) => Compilable<R>,
    opts: PreparedOptions = {},
  ): Prepared<P, R> => preparedOn(build as unknown as (db: Kysely<DB>, p: Param<P>) => Compilable<R>, opts);
}

function preparedOn<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, p: Param<P>) => Compilable<R>,
  opts: PreparedOptions,
): Prepared<P, R> {
  const compile = (db: Kysely<DB>): Compiled => {
    const q = build(db, (key) => `${MARK}${key}` as never).compile();
    return {
      sql: q.sql,
      slots: q.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(MARK) ? { key: v.slice(MARK.length) } : { value: v },
      ),
    };
  };
  const bind = (c: Compiled, params: P) => c.slots.map((s) => ('key' in s ? params[s.key] : s.value));
  const compiled = new WeakMap<object, Compiled>();
  let forSqlite: Compiled | undefined;
  const sqliteStatement = (conn: SqliteTx, params: P) => {
    forSqlite ??= compile(sqliteCompiler);
    return { stmt: (conn as unknown as SqliteConnection).prepare(forSqlite.sql), args: bind(forSqlite, params) };
  };

  const run = ((ex, params) => {
    const adapter = ex.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) {
      c = compile(ex as Kysely<DB>);
      compiled.set(adapter, c);
      if (opts.plannedPerCall) perCall.add(c.sql);
      else {
        if (opts.growingTables) {
          growing.set(c.sql, opts.growingTables);
          for (const t of opts.growingTables) growingTables.add(t);
        }
        if (!statementNames.has(c.sql) && !STAR.test(c.sql))
          statementNames.set(c.sql, `campaign_q${statementNames.size + 1}`);
      }
    }
    return ex.executeQuery<R>(CompiledQuery.raw(c.sql, bind(c, params)));
  }) as Prepared<P, R>;
  run.all = (conn, params) => {
    const { stmt, args } = sqliteStatement(conn, params);
    return stmt.all(args) as R[];
  };
  run.run = (conn, params) => {
    const { stmt, args } = sqliteStatement(conn, params);
    return stmt.run(args).changes;
  };
  return run;
}
