import type Database from 'better-sqlite3';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config';
import type { DB } from './schema';

// The database handles' types, apart from index.ts (which opens them) so that the group commits, the
// prepared queries and the openers (sqlite.ts, postgres.ts) need not import index.ts, which imports them.
// The whole database's handle (Database_) is in database.ts: it names the group commits, which import this.

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

declare const inGroupCommit: unique symbol;
/**
 * The SQLite connection as a transaction body sees it (db/tx.ts TxExec): opaque. Only a prepared statement
 * (db/prepared.ts, built by a module on its own tables) runs on it; no SQL text can.
 */
export type SqliteTx = { readonly [inGroupCommit]: true };

declare const engineMark: unique symbol;
/**
 * How prepared statements reach the connections (the SQLite connection, the group commits): opaque, so a
 * module's handle (platform/services.ts ModuleDatabase) carries no raw connection. Only db/tx.ts opens it.
 */
export type Engine = { readonly [engineMark]: true };

export type DbKind = 'sqlite' | 'postgres';

/** How a database was opened: a description another process can open it by, not a handle. */
export interface OpenedDatabase {
  target: Config['database'];
  searchPath?: string;
}

/** Which connection was lost: a pooled one (transactions, side-by-side batches, the limiter) or the shared reads. */
export type ConnectionKind = 'pool' | 'shared-reads';

export interface OpenOptions {
  searchPath?: string;
  queueMaxWaitMs?: number;
  tableSizesEveryMs?: number;
  applicationName?: string;
  /** How long a request waits for a connection before it fails (503); unset: as long as it takes. */
  connectTimeoutMs?: number;
}
