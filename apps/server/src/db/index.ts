import type { Config } from '../config';
import type { OpenOptions } from './connection';
import type { Database_ } from './database';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

export type {
  AnyExecutor,
  ConnectionKind,
  Db,
  DbKind,
  Executor,
  OpenedDatabase,
  SqliteConnection,
} from './connection';
export type { Database_ } from './database';
export { LARGE_TABLE_ROWS, sideBySideTransactions } from './postgres';

/** Opens the database the config names: SQLite (db/sqlite.ts) or PostgreSQL (db/postgres.ts). */
export function openDatabase(target: Config['database'], opts: OpenOptions = {}): Database_ {
  return target.kind === 'sqlite' ? openSqlite(target, opts) : openPostgres(target, opts);
}
