import { COOKIES } from '@campaign/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database_, Executor } from '../db';
import { prepared } from '../db/prepared';
import type { SessionTable } from '../db/schema';
import { read } from '../db/tx';
import { newToken, sha256Hex } from './crypto';

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

/** Idle sessions are touched at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 60_000;

export async function findSession(
  database: Database_,
  corpId: string,
  token: string,
  now: number,
  cfg: Config['session'],
): Promise<RequestUser | null> {
  const { db } = database;
  const tokenHash = sha256Hex(token);
  const [row] = await read(database, sessionQ, { hash: tokenHash, corp: corpId });
  if (!row) return null;
  if (row.expires_at <= now || now - row.last_seen_at > cfg.idleMs) {
    await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - row.last_seen_at > TOUCH_EVERY_MS) {
    await db.updateTable('session').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  return {
    id: row.user_id,
    corpId,
    nuid: row.nuid,
    mobile: row.mobile,
    openId: row.open_id,
    loginMethod: row.login_method,
    tokenHash,
  };
}

/**
 * Start a session: a fresh CSPRNG token (256 bits) every login, so a token planted before login is
 * worthless afterwards (rotation); the previous session of this browser is ended.
 */
export async function startSession(
  db: Executor,
  args: {
    corpId: string;
    userId: string;
    method: SessionTable['login_method'];
    now: number;
    cfg: Config['session'];
    previousToken: string | undefined;
  },
): Promise<string> {
  if (args.previousToken) {
    await db.deleteFrom('session').where('token_hash', '=', sha256Hex(args.previousToken)).execute();
  }
  await db.deleteFrom('session').where('expires_at', '<=', args.now).execute();
  const token = newToken(32);
  await db
    .insertInto('session')
    .values({
      token_hash: sha256Hex(token),
      corp_id: args.corpId,
      user_id: args.userId,
      login_method: args.method,
      created_at: args.now,
      last_seen_at: args.now,
      expires_at: args.now + args.cfg.absoluteMs,
    })
    .execute();
  return token;
}

export async function endSession(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('session').where('token_hash', '=', sha256Hex(token)).execute();
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number) {
  reply.setCookie(COOKIES.session, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(COOKIES.session, { path: '/' });
}
