import type { StaffRole } from '@campaign/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AnyExecutor } from '../db/connection';
import { own } from '../db/owners';
import type { RequestConsole } from './console-session';
import { grantedRoles } from './session';

/**
 * How often a node reads the sessions behind its open console streams again: one query for all of them, so a
 * stream ends within about this (plus the query) of its session ending on any node (ADR 0363).
 */
export const STREAM_SESSION_CHECK_MS = 1_000;

interface Held {
  who: RequestConsole;
  /** The endpoint's roles: the session must still hold one of them. */
  roles: readonly StaffRole[];
  end: () => void;
}

/**
 * The console roles each of `tokenHashes` still carries (the session's roles the staff list still grants),
 * keyed `corpId|tokenHash`; a session that was signed out, expired, went idle, or whose member was disabled or
 * taken off the list is absent. The same rules as a request's look-up (console-session.ts), for many at once.
 */
async function liveSessions(
  db: AnyExecutor,
  tokenHashes: string[],
  now: number,
  cfg: Config['consoleSession'],
): Promise<Map<string, StaffRole[]>> {
  const rows = await own('platform', db)
    .selectFrom('console_session')
    .innerJoin('staff', (j) =>
      j.onRef('staff.corp_id', '=', 'console_session.corp_id').onRef('staff.id', '=', 'console_session.staff_id'),
    )
    .select([
      'console_session.token_hash',
      'console_session.corp_id',
      'console_session.roles as sessionRoles',
      'console_session.last_seen_at',
      'console_session.expires_at',
      'staff.roles as listRoles',
      'staff.active',
    ])
    .where('console_session.token_hash', 'in', tokenHashes)
    .execute();
  const live = new Map<string, StaffRole[]>();
  for (const r of rows) {
    if (!r.active || Number(r.expires_at) <= now || now - Number(r.last_seen_at) > cfg.idleMs) continue;
    live.set(`${r.corp_id}|${r.token_hash}`, grantedRoles(r.sessionRoles, r.listRoles));
  }
  return live;
}

/**
 * The console streams open on this node (server-sent events outlive the request's one session check): while
 * any is open, once a second one query reads all their sessions again, and a stream whose session ended
 * (signed out, expired or idle, its member disabled) or no longer holds the endpoint's role is ended. A
 * failed read ends nothing (the stream's own reads fail meanwhile too) and is tried again next second.
 */
export function createConsoleStreams(deps: {
  db: AnyExecutor;
  clock: () => number;
  cfg: Config['consoleSession'];
  onError: (err: unknown) => void;
}) {
  const held = new Set<Held>();
  let timer: NodeJS.Timeout | null = null;
  let busy = false;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  async function check() {
    if (busy || !held.size) return;
    busy = true;
    try {
      const hashes = [...new Set([...held].map((h) => h.who.tokenHash))];
      const live = await liveSessions(deps.db, hashes, deps.clock(), deps.cfg);
      for (const h of [...held]) {
        const roles = live.get(`${h.who.corpId}|${h.who.tokenHash}`);
        if (roles?.some((r) => h.roles.includes(r))) continue;
        held.delete(h);
        h.end();
      }
    } catch (err) {
      deps.onError(err);
    } finally {
      busy = false;
      if (!held.size) stop();
    }
  }

  return {
    /** Watches one open stream until the returned release is called (the connection closed). */
    hold(who: RequestConsole, roles: readonly StaffRole[], end: () => void): () => void {
      const h: Held = { who, roles, end };
      held.add(h);
      if (!timer) {
        timer = setInterval(() => void check(), STREAM_SESSION_CHECK_MS);
        timer.unref();
      }
      return () => {
        held.delete(h);
        if (!held.size) stop();
      };
    },
    /** Sessions re-read now (tests; the timer does it every second). */
    check,
    open: () => held.size,
    close() {
      held.clear();
      stop();
    },
  };
}

/**
 * The app's watcher (closed with it), as `registerEndpoints` uses it: an answered console stream is held
 * until its connection closes, and ended — socket and all — when its session is.
 */
export function consoleStreamsOf(
  app: FastifyInstance,
  db: AnyExecutor,
  clock: () => number,
  cfg: Config['consoleSession'],
) {
  const streams = createConsoleStreams({
    db,
    clock,
    cfg,
    onError: (err) => app.log.warn({ err: (err as Error).message }, 'console stream sessions not read'),
  });
  app.addHook('onClose', async () => streams.close());
  return (who: RequestConsole, roles: readonly StaffRole[], req: FastifyRequest, reply: FastifyReply) => {
    const release = streams.hold(who, roles, () => {
      reply.raw.end();
      reply.raw.socket?.destroy();
    });
    if (req.raw.socket?.destroyed) release();
    else req.raw.once('close', release);
  };
}
