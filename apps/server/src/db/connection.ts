import type Database from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

// The database handles' types, apart from index.ts (which opens them) so that the group commits and the
// prepared queries need not import index.ts, which imports them.

export type Db = Kysely<DB>;
/** What a repository function runs on: the database or an open transaction (all tables: cli, tests). */
export type Executor = Kysely<DB> | Transaction<DB>;
/** Any Kysely, of any module's tables: what a prepared query or a transaction body runs on. */
// biome-ignore lint/suspicious/noExplicitAny: a statement compiled once runs on any module's scoped Kysely.
export type AnyExecutor = Kysely<any> | Transaction<any>;

/** The SQLite connection with its statement cache, for synchronous work inside a group commit. */
export interface SqliteConnection {
  prepare(sql: string): Database.Statement;
  exec(sql: string): void;
  readonly inTransaction: boolean;
}
