import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Config } from '../config';
import type { AnyExecutor } from '../db/connection';
import { own } from '../db/owners';
import type { DB } from '../db/schema';
import type { TxDatabase } from '../db/tx';
import { newToken, sha256Hex } from './crypto';

// The one session store for customers (`session`, cookie COOKIES.session), staff (`staff_session`, cookie
// COOKIES.staffSession) and the operator console (`console_session`, cookie COOKIES.consoleSession): a
// CSPRNG token whose hash is the key, an absolute and an idle expiry, touched at most once a minute,
// rotated at every log-in. Platform owns the three tables (db/owners.ts); session.ts and console-session.ts
// are its parameterisations.

type SessionKind = 'session' | 'staff_session' | 'console_session';
/** The columns the session tables share. */
type Common = 'token_hash' | 'corp_id' | 'created_at' | 'last_seen_at' | 'expires_at';
type Times = { last_seen_at: number; expires_at: number };

/** Idle sessions are touched at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60_000;

interface SessionSpec<K extends SessionKind, Row extends Times> {
  table: K;
  cookie: string;
  /** Lax by default; the console's cookie is Strict (it is never needed on a link from another site). */
  sameSite?: 'lax' | 'strict';
  /** The paths the cookie travels to; `/` by default (the console's goes only to its own API: ADR 0333). */
  path?: string;
  /** The session's row with what the request needs of its principal, by token hash within the corp. */
  lookUp(database: TxDatabase, tokenHash: string, corpId: string): Promise<Row | undefined>;
  /** Beyond expiry and idleness: whether the principal may still use it. */
  usable?(row: Row): boolean;
}

// Every session table has the common columns; the statements below name only those.
const sessions = (ex: AnyExecutor) => own('platform', ex) as unknown as Kysely<Pick<DB, 'session'>>;

async function endSession(table: 'session', ex: AnyExecutor, tokenHash: string) {
  await sessions(ex).deleteFrom(table).where('token_hash', '=', tokenHash).execute();
}

/**
 * The live session of a token in this corp (touched when idle a while, unless `touch` is false: a read the
 * page made by itself is not activity), or null (an expired one is ended).
 */
async function findSession<Row extends Times>(
  spec: SessionSpec<SessionKind, Row>,
  database: TxDatabase,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
  touch: boolean,
): Promise<(Row & { tokenHash: string }) | null> {
  const table = spec.table as 'session';
  const tokenHash = sha256Hex(token);
  const row = await spec.lookUp(database, tokenHash, corpId);
  if (!row) return null;
  if ((spec.usable && !spec.usable(row)) || row.expires_at <= now || now - row.last_seen_at > cfg.idleMs) {
    await endSession(table, database.db, tokenHash);
    return null;
  }
  if (touch && now - row.last_seen_at > TOUCH_EVERY_MS) {
    await sessions(database.db)
      .updateTable(table)
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { ...row, tokenHash };
}

interface StartArgs<K extends SessionKind> {
  corpId: string;
  now: number;
  cfg: Config['session'];
  previousToken: string | undefined;
  columns: Omit<Insertable<DB[K]>, Common>;
}

/**
 * A fresh CSPRNG token (256 bits) every log-in, so a token planted before is worthless afterwards
 * (rotation); this browser's previous session ends, and so do expired ones.
 */
async function startSession<K extends SessionKind>(table: 'session', ex: AnyExecutor, args: StartArgs<K>) {
  if (args.previousToken) await endSession(table, ex, sha256Hex(args.previousToken));
  await sessions(ex).deleteFrom(table).where('expires_at', '<=', args.now).execute();
  const token = newToken(32);
  const common = {
    token_hash: sha256Hex(token),
    corp_id: args.corpId,
    created_at: args.now,
    last_seen_at: args.now,
    expires_at: args.now + args.cfg.absoluteMs,
  };
  await sessions(ex)
    .insertInto(table)
    .values({ ...args.columns, ...common } as Insertable<DB['session']>)
    .execute();
  return token;
}

export function createSessionStore<K extends SessionKind, Row extends Times>(spec: SessionSpec<K, Row>) {
  const table = spec.table as 'session';
  const path = spec.path ?? '/';
  return {
    /**
     * The live session of a token in this corp (touched when idle a while, unless `touch` is false: a read the
     * page made by itself is not activity), or null (an expired one is ended).
     */
    find(
      database: TxDatabase,
      corpId: string,
      token: string,
      now: number,
      cfg: Config['session'],
      touch = true,
    ): Promise<(Row & { tokenHash: string }) | null> {
      return findSession(spec, database, corpId, token, now, cfg, touch);
    },

    /**
     * A fresh CSPRNG token (256 bits) every log-in, so a token planted before is worthless afterwards
     * (rotation); this browser's previous session ends, and so do expired ones.
     */
    start: (ex: AnyExecutor, args: StartArgs<K>): Promise<string> => startSession(table, ex, args),

    end: (ex: AnyExecutor, token: string) => endSession(table, ex, sha256Hex(token)),

    setCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
      reply.setCookie(spec.cookie, token, {
        path,
        httpOnly: true,
        sameSite: spec.sameSite ?? 'lax',
        secure: req.protocol === 'https',
        maxAge: Math.floor(maxAgeMs / 1000),
      });
    },

    clearCookie(reply: FastifyReply) {
      reply.clearCookie(spec.cookie, { path });
    },

    /** Ends every session of one principal at once (the console: a disabled account, a new second factor). */
    async endAllOf(ex: AnyExecutor, corpId: string, column: 'staff_id', id: string) {
      await (own('platform', ex) as unknown as Kysely<Pick<DB, 'console_session'>>)
        .deleteFrom(spec.table as 'console_session')
        .where('corp_id', '=', corpId)
        .where(column, '=', id)
        .execute();
    },
  };
}
