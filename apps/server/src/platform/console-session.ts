import { BASE_PATH, COOKIES, type StaffRole } from '@campaign/contract';
import type { Config } from '../config';
import type { AnyExecutor } from '../db/connection';
import { own } from '../db/owners';
import type { TxDatabase } from '../db/tx';
import { newToken } from './crypto';
import { grantedRoles } from './session';
import { createSessionStore } from './session-store';

// The operator console's sessions (docs/decisions/0330-console-identity.md): the store's third
// parameterisation, with a CSRF token per session and a Strict cookie.

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

/**
 * Where the console's cookies travel: its API only (every console endpoint is under it, its live stream, exports
 * and uploads too), never the H5's requests; the /console/ pages are static and need none (ADR 0333).
 */
export const CONSOLE_COOKIE_PATH = `${BASE_PATH}/console`;

const consoleSessions = createSessionStore({
  table: 'console_session',
  cookie: COOKIES.consoleSession,
  sameSite: 'strict',
  path: CONSOLE_COOKIE_PATH,
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
 * grants, read on every request, so a role removed by an admin is gone at the next call. `background`: a read
 * the page made by itself (CONSOLE_BACKGROUND_HEADER), which does not keep an idle session alive.
 */
export async function findConsoleSession(
  database: TxDatabase,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
  background = false,
): Promise<RequestConsole | null> {
  const row = await consoleSessions.find(database, corpId, token, now, cfg, !background);
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
/**
 * Every console session of one staff member but the one whose token hashes to `keep` (the member changed
 * their own password or second factor in it: docs/decisions/0378-my-account.md). Returns how many ended.
 */
export async function endOtherConsoleSessionsOf(ex: AnyExecutor, corpId: string, staffId: string, keep: string) {
  const r = await own('platform', ex)
    .deleteFrom('console_session')
    .where('corp_id', '=', corpId)
    .where('staff_id', '=', staffId)
    .where('token_hash', '!=', keep)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
export const setConsoleSessionCookie = consoleSessions.setCookie;
export const clearConsoleSessionCookie = consoleSessions.clearCookie;
