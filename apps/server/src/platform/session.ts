import { COOKIES, STAFF_ROLES, type StaffRole } from '@campaign/contract';
import type { Config } from '../config';
import type { AnyExecutor } from '../db/connection';
import { own } from '../db/owners';
import { preparedFor } from '../db/prepared';
import type { SessionTable } from '../db/schema';
import { read, type TxDatabase } from '../db/tx';
import { createSessionStore } from './session-store';

// Customers' and staff's sessions: two parameterisations of the one store (session-store.ts); the
// console's is console-session.ts.

const prepared = preparedFor('platform');

// ---- customers ----

export interface RequestUser {
  id: string;
  corpId: string;
  nuid: string;
  mobile: string | null;
  openId: string | null;
  loginMethod: SessionTable['login_method'];
  tokenHash: string;
  /** When the customer signed up, and when this session began (a fresh SMS code: the risk engine's step-up). */
  signedUpAt?: number;
  sessionStartedAt?: number;
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
    user_created_at: number;
    session_created_at: number;
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
        'app_user.created_at as user_created_at',
        'session.created_at as session_created_at',
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
    signedUpAt: Number(row.user_created_at),
    sessionStartedAt: Number(row.session_created_at),
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
export function grantedRoles(sessionRoles: string, listRoles: string): StaffRole[] {
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
