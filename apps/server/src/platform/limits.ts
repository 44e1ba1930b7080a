import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import { type Config, FAIRNESS_RATE_PER_MINUTE } from '../config';
import type { Database_ } from '../db';

/**
 * rate-limiter-flexible's SQLite store prepares its upsert statement on every call, inside a transaction of its
 * own (bench:draw's profile on SQLite: about 5% of a draw's CPU in `prepare` alone). The same one statement,
 * prepared once per query text; a single INSERT … ON CONFLICT … RETURNING is atomic without the transaction.
 */
class PreparedRateLimiterSQLite extends RateLimiterSQLite {
  #prepared = new Map<string, Database.Statement>();
  async _upsertTransactionBetterSQLite3(conn: Database.Database, query: string, params: unknown[]) {
    let statement = this.#prepared.get(query);
    if (!statement) {
      statement = conn.prepare(query);
      this.#prepared.set(query, statement);
    }
    return statement.get(...params);
  }
}
/**
 * The limits every process and node must share: log-in calls per IP, draws per session, tracking per IP, the
 * public verify page's look-ups per IP, and the risk hook's velocity rules (draws of a rocc-on campaign per
 * customer, address and device over RISK_VELOCITY's window, issue 35).
 */
export type LimitName = 'login' | 'draw' | 'tracking' | 'fairness' | 'risk-nuid' | 'risk-ip' | 'risk-device';

/** The built-in risk rules' velocity: new draws of one campaign per customer, address and device in 10 s. */
export const RISK_VELOCITY = { windowSec: 10, perNuid: 5, perIp: 50, perDevice: 10 } as const;

export type LimitVerdict = { ok: true } | { ok: false; retryAfterSec: number };

export interface Limits {
  /** Where the counters live: what a node shares with its siblings. */
  readonly store: 'redis' | 'postgres' | 'sqlite' | 'memory';
  /** Counts one call under `key`; `ok: false` once the limit of this window is used up. */
  take(name: LimitName, key: string): Promise<LimitVerdict>;
  close(): Promise<void>;
}

/** How long a limited call waits for Redis before the per-process memory limiter answers instead. */
const REDIS_COMMAND_TIMEOUT_MS = 300;

/** The table the PostgreSQL store counts in (created by migration 0004; the columns are the library's). */
export const RATE_LIMIT_TABLE = 'rate_limit';

interface Log {
  warn(obj: object, msg: string): void;
}

/** Each limit's window: so many calls per so many seconds. */
function windowsOf(config: Config): Record<LimitName, { points: number; duration: number }> {
  return {
    login: { points: config.rateLimits.loginPerMinute, duration: 60 },
    draw: { points: config.rateLimits.drawPerSecond, duration: 1 },
    tracking: { points: config.rateLimits.trackingPerMinute, duration: 60 },
    fairness: { points: config.rateLimits.fairnessPerMinute ?? FAIRNESS_RATE_PER_MINUTE, duration: 60 },
    'risk-nuid': { points: RISK_VELOCITY.perNuid, duration: RISK_VELOCITY.windowSec },
    'risk-ip': { points: RISK_VELOCITY.perIp, duration: RISK_VELOCITY.windowSec },
    'risk-device': { points: RISK_VELOCITY.perDevice, duration: RISK_VELOCITY.windowSec },
  };
}

/** Where the counters live: Redis when set, else the database's own kind of store, else this process. */
function storeOf(config: Config, database: Database_): Limits['store'] {
  return config.redis
    ? 'redis'
    : database.kind === 'postgres'
      ? 'postgres'
      : database.sqlitePath && database.sqlitePath !== ':memory:'
        ? 'sqlite'
        : 'memory';
}

/**
 * The Redis client the limiters share, and the wait for its first connection (made on first use, so a CLI
 * run that never limits anything opens no connection).
 */
function openRedis(url: string, log: Log): { client: Redis; connected: Promise<void> } {
  // No offline queue: while Redis is unreachable a call fails at once and the memory limiter answers,
  // instead of every limited request waiting for reconnects. The first calls wait (at most 2 s, once)
  // for the first connection, so a fresh node counts from its first request.
  // Auto-pipelining sends the commands of one turn of the event loop in one write, not one write per
  // limited request (ADR 0052, third addendum).
  // A Redis that stops answering without closing (frozen, a network partition) costs a limited call
  // at most REDIS_COMMAND_TIMEOUT_MS before the memory limiter answers; reconnects go on in the background.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: true,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
  });
  client.on('error', (err) => log.warn({ err: err.message }, 'redis unreachable: limits are per process'));
  const connected = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    setTimeout(resolve, 2000).unref();
  });
  return { client, connected };
}

/** The SQLite file beside the database that the limiters of every process of the machine share. */
function openLimitsFile(sqlitePath: string): Database.Database {
  const sqlite = new Database(join(dirname(sqlitePath), `${basename(sqlitePath)}.limits`));
  sqlite.pragma('journal_mode = WAL');
  // A power cut may lose the last counts: that only loosens a limit for a minute, never data.
  sqlite.pragma('synchronous = OFF');
  // better-sqlite3 waits for a lock synchronously: the event loop stops meanwhile. A writer holds this
  // file's lock for one upsert (microseconds); past 20 ms the call fails and the memory limiter answers.
  sqlite.pragma('busy_timeout = 20');
  // Created here, at once: until the library's own asynchronous create had run, every call would
  // fall through to the per-process memory limiter. The columns are the library's.
  sqlite.exec(
    `create table if not exists ${RATE_LIMIT_TABLE} (key text primary key, points integer not null default 0, expire integer)`,
  );
  return sqlite;
}

/**
 * rate-limiter-flexible's fixed windows, stored where every process that serves this database sees them:
 * Redis when `REDIS_URL` is set (every node); else PostgreSQL's `rate_limit` table (every node on that
 * database); else a SQLite file beside the database (every `WORKERS` process of the machine; a file of its
 * own so the limiter's tiny writes never wait behind the draws' group commit). Each store falls back to a
 * per-process memory limiter while it is unreachable: limits get looser for a moment, the service stays up.
 * docs/decisions/0050-shared-limits.md.
 */
export function createLimits(config: Config, database: Database_, log: Log): Limits {
  const windows = windowsOf(config);
  let redis: Redis | null = null;
  let sqlite: Database.Database | null = null;
  let connected: Promise<void> | null = null;
  const store = storeOf(config, database);
  const limiters = new Map<LimitName, RateLimiterAbstract>();

  function limiter(name: LimitName): RateLimiterAbstract {
    const found = limiters.get(name);
    if (found) return found;
    const opts = { ...windows[name], keyPrefix: `${config.redis?.prefix ?? ''}rl:${name}` };
    const insuranceLimiter = new RateLimiterMemory(opts);
    let made: RateLimiterAbstract;
    if (store === 'redis' && config.redis) {
      if (!redis) {
        const opened = openRedis(config.redis.url, log);
        redis = opened.client;
        connected = opened.connected;
      }
      made = new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter });
    } else if (store === 'postgres' && database.pgPool) {
      made = new RateLimiterPostgres({
        ...opts,
        storeClient: database.pgPool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        insuranceLimiter,
      });
    } else if (store === 'sqlite' && database.sqlitePath) {
      sqlite ??= openLimitsFile(database.sqlitePath);
      made = new PreparedRateLimiterSQLite({
        ...opts,
        storeClient: sqlite,
        storeType: 'better-sqlite3',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        insuranceLimiter,
      });
    } else {
      made = insuranceLimiter;
    }
    limiters.set(name, made);
    return made;
  }

  return {
    store,
    async take(name, key) {
      const chosen = limiter(name);
      if (connected) await connected;
      try {
        await chosen.consume(hashKey(key));
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { ok: false, retryAfterSec: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
    async close() {
      redis?.disconnect();
      redis = null;
      sqlite?.close();
      sqlite = null;
    },
  };
}

/** Session tokens and addresses are counted under a digest: a store never holds a usable token. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}
