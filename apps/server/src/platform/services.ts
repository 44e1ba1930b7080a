import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database_ } from '../db';
import type { Owner, TablesOf } from '../db/owners';
import type { Sealer } from './crypto';
import type { CorpCache } from './tenancy';

/** The database as one module sees it: a Kysely of its own tables (db/owners.ts), the rest as it is. */
export type ModuleDatabase<M extends Owner> = Omit<Database_, 'db' | 'pgReads'> & {
  db: Kysely<TablesOf<M>>;
  pgReads: Kysely<TablesOf<M>> | null;
};

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

export function moduleDatabase<M extends Owner>(_owner: M, database: Database_): ModuleDatabase<M> {
  return database as unknown as ModuleDatabase<M>;
}
