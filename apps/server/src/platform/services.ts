import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database_ } from '../db';
import type { Sealer } from './crypto';
import type { CorpCache } from './tenancy';

/** What every service may use: all sources of flakiness (time, randomness, storage) come in from outside. */
export interface ServiceDeps {
  database: Database_;
  config: Config;
  clock: () => number;
  /** Uniform integer in [0, max). */
  randomInt: (max: number) => number;
  randomBytes: (n: number) => Buffer;
  sealer: Sealer;
  corps: CorpCache;
  log: FastifyBaseLogger;
}
