import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, SqliteDialect, SqliteDriver } from 'kysely';
import type { Config } from '../config';
import type { OpenOptions, SqliteConnection } from './connection';
import type { Database_ } from './database';
import { createGroupCommit } from './group-commit';
import type { DB } from './schema';
import { engineOf } from './tx';

/** Opens a SQLite file (or `:memory:`): one connection, its statement cache, and the group commit on it. */
export function openSqlite(target: Config['database'] & { kind: 'sqlite' }, opts: OpenOptions): Database_ {
  if (target.path !== ':memory:') mkdirSync(dirname(target.path), { recursive: true });
  const sqlite = new Database(target.path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const conn = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: conn }) });
  const groupCommit = createGroupCommit(conn, (fn) => db.connection().execute(fn), {
    maxWaitMs: opts.queueMaxWaitMs,
  });
  return {
    db,
    kind: 'sqlite',
    sqlite: conn,
    groupCommit,
    pgGroupCommit: null,
    engine: engineOf({ sqlite: conn, groupCommit, pgGroupCommit: null }),
    sqlitePath: target.path,
    opened: { target },
    pgPool: null,
    pgReads: null,
    ping: async () => {
      try {
        conn.prepare('select 1').get();
        return true;
      } catch {
        return false;
      }
    },
    onConnectionError: () => {},
    close: async () => {
      await groupCommit.drain();
      await db.destroy();
    },
  };
}

/**
 * Kysely begins SQLite transactions DEFERRED: the write lock is taken at the first write, and if another
 * process (WORKERS > 1, the CLI) wrote in between, SQLite must fail the upgrade with SQLITE_BUSY at once,
 * whatever the busy timeout. BEGIN IMMEDIATE takes the lock up front, waiting for it like any statement.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small query.
 * Our queries are a bounded set of shapes, so prepared statements are kept and reused.
 */
function withStatementCache(sqlite: Database.Database): SqliteConnection & { close(): void } {
  const cache = new Map<string, Database.Statement>();
  return {
    exec(sql: string) {
      sqlite.exec(sql);
    },
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= 1000) cache.clear();
        stmt = sqlite.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
