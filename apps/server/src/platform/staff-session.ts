import { COOKIES, STAFF_ROLES, type StaffRole } from '@campaign/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database_, Executor } from '../db';
import { newToken, sha256Hex } from './crypto';

/** The staff member behind a request (docs/decisions/0320-staff-roles.md). */
export interface RequestStaff {
  id: string;
  corpId: string;
  name: string;
  /** The roles of this session that the staff list still grants. */
  roles: StaffRole[];
  stores: string[];
}

export function parseRoles(json: string): StaffRole[] {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((r): r is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(r)) : [];
}
function parseStrings(json: string): string[] {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * The staff session of a token in this corp, or null. Roles are the session's roles that the staff list
 * still grants, read on every request: removing a role (or the person) from the list takes effect at once.
 */
export async function findStaffSession(
  database: Database_,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
): Promise<RequestStaff | null> {
  const { db } = database;
  const tokenHash = sha256Hex(token);
  const row = await db
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
    .where('staff_session.token_hash', '=', tokenHash)
    .where('staff_session.corp_id', '=', corpId)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.active || row.expires_at <= now || now - row.last_seen_at > cfg.idleMs) {
    await db.deleteFrom('staff_session').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - row.last_seen_at > 60_000) {
    await db.updateTable('staff_session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  const granted = new Set(parseRoles(row.listRoles));
  return {
    id: row.id,
    corpId,
    name: row.name,
    roles: parseRoles(row.sessionRoles).filter((r) => granted.has(r)),
    stores: parseStrings(row.stores),
  };
}

/** A fresh staff session (a new token every log-in; this browser's previous staff session ends). */
export async function startStaffSession(
  db: Executor,
  args: {
    corpId: string;
    staffId: string;
    roles: StaffRole[];
    now: number;
    cfg: Config['session'];
    previousToken: string | undefined;
  },
): Promise<string> {
  if (args.previousToken) await endStaffSession(db, args.previousToken);
  await db.deleteFrom('staff_session').where('expires_at', '<=', args.now).execute();
  const token = newToken(32);
  await db
    .insertInto('staff_session')
    .values({
      token_hash: sha256Hex(token),
      corp_id: args.corpId,
      staff_id: args.staffId,
      roles: JSON.stringify(args.roles),
      created_at: args.now,
      last_seen_at: args.now,
      expires_at: args.now + args.cfg.absoluteMs,
    })
    .execute();
  return token;
}

export async function endStaffSession(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('staff_session').where('token_hash', '=', sha256Hex(token)).execute();
}

export function setStaffSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
  reply.setCookie(COOKIES.staffSession, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearStaffSessionCookie(reply: FastifyReply) {
  reply.clearCookie(COOKIES.staffSession, { path: '/' });
}
