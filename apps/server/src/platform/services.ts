import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database_, DbKind, OpenedDatabase } from '../db';
import type { Engine } from '../db/connection';
import type { Owner, TablesOf } from '../db/owners';
import type { Sealer } from './crypto';
import type { CorpCache } from './tenancy';

/**
 * The database as one module sees it: a Kysely of its own tables (db/owners.ts) and no raw connection. Its
 * prepared statements (db/prepared.ts preparedFor) reach the connection through the opaque `engine`, by
 * db/tx.ts `read` and `transact`; the SQLite connection, the group commits and the pg pool stay in Database_.
 */
export interface ModuleDatabase<M extends Owner> {
  db: Kysely<TablesOf<M>>;
  pgReads: Kysely<TablesOf<M>> | null;
  engine: Engine;
  kind: DbKind;
  /** A description another process opens the database by (reports' export process), not a handle. */
  opened: OpenedDatabase;
}

/**
 * What every service may use: all sources of flakiness (time, randomness, storage) come in from outside.
 * `M` is the module: its database handle sees that module's tables only.
 */
export interface ServiceDeps<M extends Owner> {
  database: ModuleDatabase<M>;
  config: Config;
  clock: () => number;
  /** Uniform integer in [0, max). */
  randomInt: (max: number) => number;
  randomBytes: (n: number) => Buffer;
  sealer: Sealer;
  corps: CorpCache;
  log: FastifyBaseLogger;
}

/** The deps every module shares, with the whole database (services.ts hands each module its own view). */
export type BaseDeps = Omit<ServiceDeps<never>, 'database'> & { database: Database_ };

/** The base deps as module `owner` sees them (services.ts, tests). */
export function depsOf<M extends Owner>(owner: M, base: BaseDeps): ServiceDeps<M> {
  return { ...base, database: moduleDatabase(owner, base.database) };
}

/** Module `owner`'s handle on `database`: a new object, so the raw connections do not ride along. */
export function moduleDatabase<M extends Owner>(_owner: M, database: Database_): ModuleDatabase<M> {
  return {
    db: database.db as unknown as Kysely<TablesOf<M>>,
    pgReads: database.pgReads as unknown as Kysely<TablesOf<M>> | null,
    engine: database.engine,
    kind: database.kind,
    opened: database.opened,
  };
}
