import { COOKIES, STAFF_ROLES, type StaffRole } from '@campaign/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Config } from '../config';
import type { AnyExecutor } from '../db/connection';
import { own } from '../db/owners';
import { preparedFor } from '../db/prepared';
import type { DB, SessionTable } from '../db/schema';
import { read, type TxDatabase } from '../db/tx';
import { newToken, sha256Hex } from './crypto';

// One session store for customers (`session`, cookie COOKIES.session), staff (`staff_session`, cookie
// COOKIES.staffSession) and the operator console (`console_session`, cookie COOKIES.consoleSession): a
// CSPRNG token whose hash is the key, an absolute and an idle expiry, touched at most once a minute,
// rotated at every log-in. Platform owns the three tables (db/owners.ts).

type SessionKind = 'session' | 'staff_session' | 'console_session';
/** The columns both session tables share. */
type Common = 'token_hash' | 'corp_id' | 'created_at' | 'last_seen_at' | 'expires_at';
type Times = { last_seen_at: number; expires_at: number };

/** Idle sessions are touched at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60_000;

const prepared = preparedFor('platform');

function createSessionStore<K extends SessionKind, Row extends Times>(spec: {
  table: K;
  cookie: string;
  /** Lax by default; the console's cookie is Strict (it is never needed on a link from another site). */
  sameSite?: 'lax' | 'strict';
  /** The session's row with what the request needs of its principal, by token hash within the corp. */
  lookUp(database: TxDatabase, tokenHash: string, corpId: string): Promise<Row | undefined>;
  /** Beyond expiry and idleness: whether the principal may still use it. */
  usable?(row: Row): boolean;
}) {
  // Both tables have the common columns; the statements below name only those.
  const sessions = (ex: AnyExecutor) => own('platform', ex) as unknown as Kysely<Pick<DB, 'session'>>;
  const table = spec.table as 'session';
  const end = async (ex: AnyExecutor, tokenHash: string) => {
    await sessions(ex).deleteFrom(table).where('token_hash', '=', tokenHash).execute();
  };
  return {
    /** The live session of a token in this corp (touched when idle a while), or null (an expired one is ended). */
    async find(
      database: TxDatabase,
      corpId: string,
      token: string,
      now: number,
      cfg: Config['session'],
    ): Promise<(Row & { tokenHash: string }) | null> {
      const tokenHash = sha256Hex(token);
      const row = await spec.lookUp(database, tokenHash, corpId);
      if (!row) return null;
      if ((spec.usable && !spec.usable(row)) || row.expires_at <= now || now - row.last_seen_at > cfg.idleMs) {
        await end(database.db, tokenHash);
        return null;
      }
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await sessions(database.db)
          .updateTable(table)
          .set({ last_seen_at: now })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return { ...row, tokenHash };
    },

    /**
     * A fresh CSPRNG token (256 bits) every log-in, so a token planted before is worthless afterwards
     * (rotation); this browser's previous session ends, and so do expired ones.
     */
    async start(
      ex: AnyExecutor,
      args: {
        corpId: string;
        now: number;
        cfg: Config['session'];
        previousToken: string | undefined;
        columns: Omit<Insertable<DB[K]>, Common>;
      },
    ): Promise<string> {
      if (args.previousToken) await end(ex, sha256Hex(args.previousToken));
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
    },

    end: (ex: AnyExecutor, token: string) => end(ex, sha256Hex(token)),

    setCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
      reply.setCookie(spec.cookie, token, {
        path: '/',
        httpOnly: true,
        sameSite: spec.sameSite ?? 'lax',
        secure: req.protocol === 'https',
        maxAge: Math.floor(maxAgeMs / 1000),
      });
    },

    clearCookie(reply: FastifyReply) {
      reply.clearCookie(spec.cookie, { path: '/' });
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

// ---- customers ----

export interface RequestUser {
  id: string;
  corpId: string;
  nuid: string;
  mobile: string | null;
  openId: string | null;
  loginMethod: SessionTable['login_method'];
  tokenHash: string;
}

/** Read on every request: built once (db/prepared.ts). */
const sessionQ = prepared<
  { hash: string; corp: string },
  {
    user_id: string;
    login_method: SessionTable['login_method'];
    last_seen_at: number;
    expires_at: number;
    nuid: string;
    mobile: string | null;
    open_id: string | null;
  }
>(
  (db, p) =>
    db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.id', 'session.user_id')
      .select([
        'session.user_id',
        'session.login_method',
        'session.last_seen_at',
        'session.expires_at',
        'app_user.nuid',
        'app_user.mobile',
        'app_user.open_id',
      ])
      .where('session.token_hash', '=', p('hash'))
      .where('session.corp_id', '=', p('corp')),
  { growingTables: ['session', 'app_user'] },
);

const customers = createSessionStore({
  table: 'session',
  cookie: COOKIES.session,
  lookUp: async (database, hash, corp) => (await read(database, sessionQ, { hash, corp }))[0],
});

export async function findSession(
  database: TxDatabase,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
): Promise<RequestUser | null> {
  const row = await customers.find(database, corpId, token, now, cfg);
  if (!row) return null;
  return {
    id: row.user_id,
    corpId,
    nuid: row.nuid,
    mobile: row.mobile,
    openId: row.open_id,
    loginMethod: row.login_method,
    tokenHash: row.tokenHash,
  };
}

/** A customer's fresh session (see `start` above). */
export function startSession(
  ex: AnyExecutor,
  args: {
    corpId: string;
    userId: string;
    method: SessionTable['login_method'];
    now: number;
    cfg: Config['session'];
    previousToken: string | undefined;
  },
): Promise<string> {
  return customers.start(ex, { ...args, columns: { user_id: args.userId, login_method: args.method } });
}

export const endSession = customers.end;
export const setSessionCookie = customers.setCookie;
export const clearSessionCookie = customers.clearCookie;

// ---- staff ----

/** The staff member behind a request (docs/decisions/0320-staff-roles.md). */
export interface RequestStaff {
  id: string;
  corpId: string;
  name: string;
  /** The roles of this session that the staff list still grants. */
  roles: StaffRole[];
  stores: string[];
}

/** The session's roles the staff list still grants (read on every request: a removed role is gone at once). */
function grantedRoles(sessionRoles: string, listRoles: string): StaffRole[] {
  const granted = new Set(parseRoles(listRoles));
  return parseRoles(sessionRoles).filter((r) => granted.has(r));
}

export function parseRoles(json: string): StaffRole[] {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((r): r is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(r)) : [];
}
function parseStrings(json: string): string[] {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

const staffSessions = createSessionStore({
  table: 'staff_session',
  cookie: COOKIES.staffSession,
  lookUp: (database, hash, corp) =>
    own('platform', database.db)
      .selectFrom('staff_session')
      .innerJoin('staff', (j) =>
        j.onRef('staff.corp_id', '=', 'staff_session.corp_id').onRef('staff.id', '=', 'staff_session.staff_id'),
      )
      .select([
        'staff_session.roles as sessionRoles',
        'staff_session.last_seen_at',
        'staff_session.expires_at',
        'staff.id',
        'staff.name',
        'staff.roles as listRoles',
        'staff.stores',
        'staff.active',
      ])
      .where('staff_session.token_hash', '=', hash)
      .where('staff_session.corp_id', '=', corp)
      .executeTakeFirst(),
  // A staff member taken off the list loses the session at once.
  usable: (row) => Boolean(row.active),
});

/**
 * The staff session of a token in this corp, or null. Roles are the session's roles that the staff list
 * still grants, read on every request: removing a role (or the person) from the list takes effect at once.
 */
export async function findStaffSession(
  database: TxDatabase,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
): Promise<RequestStaff | null> {
  const row = await staffSessions.find(database, corpId, token, now, cfg);
  if (!row) return null;
  return {
    id: row.id,
    corpId,
    name: row.name,
    roles: grantedRoles(row.sessionRoles, row.listRoles),
    stores: parseStrings(row.stores),
  };
}

/** A fresh staff session (see `start` above). */
export function startStaffSession(
  ex: AnyExecutor,
  args: {
    corpId: string;
    staffId: string;
    roles: StaffRole[];
    now: number;
    cfg: Config['session'];
    previousToken: string | undefined;
  },
): Promise<string> {
  return staffSessions.start(ex, { ...args, columns: { staff_id: args.staffId, roles: JSON.stringify(args.roles) } });
}

export const endStaffSession = staffSessions.end;
export const setStaffSessionCookie = staffSessions.setCookie;
export const clearStaffSessionCookie = staffSessions.clearCookie;

// ---- the operator console (docs/decisions/0330-console-identity.md) ----

/** The console user behind a request: a staff member of the request's corp with a console session. */
export interface RequestConsole {
  id: string;
  corpId: string;
  name: string;
  /** The session's roles that the staff list still grants. */
  roles: StaffRole[];
  method: 'password' | 'sso';
  csrfToken: string;
  expiresAt: number;
  tokenHash: string;
}

const consoleSessions = createSessionStore({
  table: 'console_session',
  cookie: COOKIES.consoleSession,
  sameSite: 'strict',
  lookUp: (database, hash, corp) =>
    own('platform', database.db)
      .selectFrom('console_session')
      .innerJoin('staff', (j) =>
        j.onRef('staff.corp_id', '=', 'console_session.corp_id').onRef('staff.id', '=', 'console_session.staff_id'),
      )
      .select([
        'console_session.roles as sessionRoles',
        'console_session.method',
        'console_session.csrf_token',
        'console_session.last_seen_at',
        'console_session.expires_at',
        'staff.id',
        'staff.name',
        'staff.roles as listRoles',
        'staff.active',
      ])
      .where('console_session.token_hash', '=', hash)
      .where('console_session.corp_id', '=', corp)
      .executeTakeFirst(),
  // A staff member disabled (or taken off the list) loses the session at once.
  usable: (row) => Boolean(row.active),
});

/**
 * The console session of a token in this corp, or null: roles are the session's roles the staff list still
 * grants, read on every request, so a role removed by an admin is gone at the next call.
 */
export async function findConsoleSession(
  database: TxDatabase,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
): Promise<RequestConsole | null> {
  const row = await consoleSessions.find(database, corpId, token, now, cfg);
  if (!row) return null;
  return {
    id: row.id,
    corpId,
    name: row.name,
    roles: grantedRoles(row.sessionRoles, row.listRoles),
    method: row.method,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    tokenHash: row.tokenHash,
  };
}

/** A fresh console session with its own CSRF token (see `start` above). */
export async function startConsoleSession(
  ex: AnyExecutor,
  args: {
    corpId: string;
    staffId: string;
    roles: StaffRole[];
    method: 'password' | 'sso';
    now: number;
    cfg: Config['session'];
    previousToken: string | undefined;
  },
): Promise<{ token: string; csrfToken: string; expiresAt: number }> {
  const csrfToken = newToken(24);
  const token = await consoleSessions.start(ex, {
    ...args,
    columns: {
      staff_id: args.staffId,
      roles: JSON.stringify(args.roles),
      method: args.method,
      csrf_token: csrfToken,
    },
  });
  return { token, csrfToken, expiresAt: args.now + args.cfg.absoluteMs };
}

export const endConsoleSession = consoleSessions.end;
/** Every console session of one staff member (disabled, new second factor, roles taken away). */
export const endConsoleSessionsOf = (ex: AnyExecutor, corpId: string, staffId: string) =>
  consoleSessions.endAllOf(ex, corpId, 'staff_id', staffId);
export const setConsoleSessionCookie = consoleSessions.setCookie;
export const clearConsoleSessionCookie = consoleSessions.clearCookie;
