import type pg from 'pg';
import type { ConnectionKind, Db, DbKind, Engine, OpenedDatabase, SqliteConnection } from './connection';
import type { GroupCommit } from './group-commit';
import type { PgGroupCommit } from './pg-group-commit';

/**
 * The whole database, with its raw connections: for the wiring (services.ts hands each module its own
 * view, platform/services.ts moduleDatabase), the rate limiter, the health check and tests. Never a module's.
 */
export interface Database_ {
  db: Db;
  kind: DbKind;
  /** SQLite only: the connection, for synchronous reads when it is free (see db/tx.ts). */
  sqlite: SqliteConnection | null;
  /** SQLite only: write transactions that share one commit (see db/tx.ts). */
  groupCommit: GroupCommit | null;
  /** PostgreSQL only: write transactions that share one commit (see db/tx.ts, ADR 0052). */
  pgGroupCommit: PgGroupCommit | null;
  /** The three above, opaque: what db/tx.ts runs prepared statements on. */
  engine: Engine;
  /** SQLite only: the file (the rate limits live in a file beside it). */
  sqlitePath: string | null;
  /** PostgreSQL only: the pool (the rate limiter counts in the same database). */
  pgPool: pg.Pool | null;
  /**
   * PostgreSQL only: single-statement reads outside any transaction (db/tx.ts `read`), pipelined on one
   * connection that every request shares. Never a transaction here: its statements interleave.
   */
  pgReads: Db | null;
  /**
   * Whether the database answers now (readiness): a `select 1` that must come back within `timeoutMs`.
   * On PostgreSQL it goes on the shared-reads connection, so a pool busy with draws does not make a node
   * look unready.
   */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Called with every error of a connection that is not a query's (the backend terminated, the socket reset):
   * the connection is dropped and a new one opened at the next use; nothing else happens (ADR 0053). Without
   * a listener such an error is still caught, never an 'error' event that ends the process.
   */
  onConnectionError(listener: (err: Error, where: ConnectionKind) => void): void;
  /** What was opened, so another process can open the same database (an export runs in its own). */
  opened: OpenedDatabase;
  close(): Promise<void>;
}
