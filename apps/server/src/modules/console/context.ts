import { createHash, randomBytes } from 'node:crypto';
import { CONSOLE_ROLES, type ConsoleMe, type ConsoleRole, type ConsoleStaff, type StaffRole } from '@campaign/contract';
import { handOver, type Own, type PortTx } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import type { RequestConsole } from '../../platform/console-session';
import { createSealer } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { parseRoles } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { RelyingParty } from './oidc';
import type { StaffAdminPort, SubjectEntriesPort } from './ports';
import * as repo from './repo';
import { newTotpSecret, totpEnrolment } from './totp';

// What the console module's use cases share (one per file, bound in service.ts): the sealed second factors, one
// transaction with its audit port, and the shapes the endpoints answer with.

/**
 * Sign-in attempts allowed per window: per login from one address, and per address whatever the login (a
 * guesser trying many logins). Attempts are throttled, never the account (docs/decisions/0334-sign-in-throttle.md).
 */
export const PAIR_ATTEMPTS = 5;
export const ADDRESS_ATTEMPTS = 20;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

/**
 * The key the TOTP secrets are sealed with. In production: derived from ENCRYPTION_KEY (required there).
 * Elsewhere a fixed development key, published here: a development database's accounts keep working across
 * restarts and CLI runs (ENCRYPTION_KEY is random per start outside production), and nothing sealed with
 * it opens in production.
 */
export function consoleSealKey(config: { env: string; encryptionKey: Buffer | null }): Buffer {
  if (config.env === 'production') {
    // loadConfig refuses production without ENCRYPTION_KEY; a hand-made config without one gets a key of
    // its own (like the main sealer's), so nothing it seals opens elsewhere.
    return createHash('sha256')
      .update(config.encryptionKey ?? randomBytes(32))
      .update('console-totp')
      .digest();
  }
  return createHash('sha256').update('campaign-h5 development console key: not secret').digest();
}

/** Who acts, from where: every change of this module is audited with it. */
export interface Acting {
  /** null: nobody could be named (an unknown login, a refused single sign-on). */
  actor: AuditActor | null;
  ip: string | null;
}
export const actingOf = (who: RequestConsole, ip: string | null): Acting => ({
  actor: { id: who.id, name: who.name, roles: who.roles },
  ip,
});

const consoleRoles = (roles: readonly StaffRole[]): ConsoleRole[] =>
  roles.filter((r): r is ConsoleRole => (CONSOLE_ROLES as readonly string[]).includes(r));

export type ConsoleDeps = ServiceDeps<'console'> & {
  staff: StaffAdminPort;
  audit: AuditPort;
  /** The audit log's entries about a staff member (their sign-ins, for 我的账户). */
  history: SubjectEntriesPort;
  relyingParty: RelyingParty;
};

/** A staff list row with its account, as the staff list reads it. */
type StaffListRow = {
  id: string;
  name: string;
  roles: string;
  active: number;
  updated_at: number;
  login: string | null;
  locked_until: number | null;
  last_sign_in_at: number | null;
};

/** A staff member as the console shows them; a lockout only while it lasts. */
function toStaff(r: StaffListRow, now: number): ConsoleStaff {
  const locked = r.locked_until !== null && Number(r.locked_until) > now ? Number(r.locked_until) : null;
  return {
    staffId: r.id,
    name: r.name,
    roles: parseRoles(r.roles),
    active: r.active === 1,
    login: r.login,
    totpEnrolled: r.login !== null,
    lockedUntil: locked,
    lastSignInAt: r.last_sign_in_at === null ? null : Number(r.last_sign_in_at),
    updatedAt: Number(r.updated_at),
  };
}

export function createConsoleContext(deps: ConsoleDeps) {
  const db = deps.database.db;
  const { clock, config, audit } = deps;
  const sealer = createSealer(consoleSealKey(config));
  // Only to recognise a demo database's accounts in production (they were sealed with the development key).
  const developmentSealer = createSealer(consoleSealKey({ env: 'development', encryptionKey: null }));
  const cfg = config.consoleSession;

  /** Runs `body` in one transaction with the module's view of it, and the same transaction as a port's. */
  function inTx<T>(body: (x: Own<'console'>, tx: PortTx) => Promise<T>): Promise<T> {
    return db.transaction().execute((t) => body(t, handOver(t as never)));
  }

  /** null when it was sealed with another key (a development database moved to production): no sign-in. */
  function openSecret(corpId: string, sealed: string): string | null {
    const s = sealer.open(corpId, sealed);
    if (!s) deps.log.warn({ corpId }, 'console account: the TOTP secret does not open with this key');
    return s;
  }

  async function newSecondFactor(corpId: string, login: string) {
    const secret = newTotpSecret();
    return { sealed: sealer.seal(corpId, secret), enrolment: await totpEnrolment(secret, `${corpId}:${login}`) };
  }

  function toMe(
    corp: Corp,
    s: { id: string; name: string; roles: StaffRole[] },
    extra: Omit<ConsoleMe, 'corpId' | 'corpName' | 'staffId' | 'name' | 'roles' | 'idleTimeoutMs'>,
  ): ConsoleMe {
    return {
      corpId: corp.id,
      corpName: corp.name,
      staffId: s.id,
      name: s.name,
      roles: s.roles,
      idleTimeoutMs: cfg.idleMs,
      ...extra,
    };
  }

  async function staffItem(corpId: string, staffId: string): Promise<ConsoleStaff> {
    const s = await repo.staffRow(db, corpId, staffId);
    if (!s) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
    const acc = await repo.accountOf(db, corpId, staffId);
    return toStaff(
      {
        ...s,
        login: acc?.login ?? null,
        locked_until: acc?.locked_until ?? null,
        last_sign_in_at: acc?.last_sign_in_at ?? null,
      },
      clock(),
    );
  }

  return {
    deps,
    db,
    clock,
    audit,
    cfg,
    sealer,
    developmentSealer,
    inTx,
    openSecret,
    newSecondFactor,
    toMe,
    staffItem,
    toStaff: (r: StaffListRow) => toStaff(r, clock()),
    consoleRoles,
  };
}
export type ConsoleContext = ReturnType<typeof createConsoleContext>;
