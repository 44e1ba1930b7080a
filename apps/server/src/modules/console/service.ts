import { createHash } from 'node:crypto';
import { CONSOLE_ROLES, type ConsoleMe, type ConsoleRole, type ConsoleStaff, type StaffRole } from '@campaign/contract';
import { handOver, type Own, type PortTx } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import { createSealer } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import {
  endConsoleSession,
  endConsoleSessionsOf,
  parseRoles,
  type RequestConsole,
  startConsoleSession,
} from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { RelyingParty, SsoSettings, SsoTransaction } from './oidc';
import { burnPasswordCheck, generatePassword, hashPassword, passwordProblem, verifyPassword } from './password';
import type { StaffAdminPort } from './ports';
import * as repo from './repo';
import { acceptTotp, newTotpSecret, totpCode, totpEnrolment } from './totp';

/** Failures in a row that lock a local account, and for how long (docs/decisions/0330-console-identity.md). */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/**
 * The key the TOTP secrets are sealed with. In production: derived from ENCRYPTION_KEY (required there).
 * Elsewhere a fixed development key, published here: a development database's accounts keep working across
 * restarts and CLI runs (ENCRYPTION_KEY is random per start outside production), and nothing sealed with
 * it opens in production.
 */
export function consoleSealKey(config: { env: string; encryptionKey: Buffer | null }): Buffer {
  if (config.env === 'production') {
    if (!config.encryptionKey) throw new Error('ENCRYPTION_KEY is required when NODE_ENV=production');
    return createHash('sha256').update(config.encryptionKey).update('console-totp').digest();
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

/**
 * The console's identity (docs/decisions/0330-console-identity.md): local accounts (scrypt password + TOTP,
 * lockout), single sign-on with the corp's OpenID Connect provider, console sessions, and the staff and
 * roles an admin manages. Every sign-in, failure, lockout and change is audited in its own transaction.
 */
export function createConsoleService(
  deps: ServiceDeps<'console'> & { staff: StaffAdminPort; audit: AuditPort; relyingParty: RelyingParty },
) {
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
    return toStaff({
      ...s,
      login: acc?.login ?? null,
      locked_until: acc?.locked_until ?? null,
      last_sign_in_at: acc?.last_sign_in_at ?? null,
    });
  }

  function toStaff(r: {
    id: string;
    name: string;
    roles: string;
    active: number;
    updated_at: number;
    login: string | null;
    locked_until: number | null;
    last_sign_in_at: number | null;
  }): ConsoleStaff {
    const locked = r.locked_until !== null && Number(r.locked_until) > clock() ? Number(r.locked_until) : null;
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

  /** A failed sign-in on the record (and the lockout, when this failure is the fifth). */
  async function recordFailure(corpId: string, acting: Acting, login: string, reason: string, staffId?: string) {
    const now = clock();
    return inTx(async (x, tx) => {
      let lockedUntil: number | null = null;
      if (staffId && (reason === 'password' || reason === 'totp' || reason === 'totp-reused')) {
        const failures = await repo.countFailure(x, corpId, staffId);
        if (failures >= LOCK_AFTER_FAILURES) {
          lockedUntil = now + LOCK_MS;
          await repo.updateAccount(x, corpId, staffId, { failed_attempts: 0, locked_until: lockedUntil });
        }
      }
      await audit.append(tx, {
        corpId,
        at: now,
        actor: acting.actor,
        ip: acting.ip,
        action: 'console.sign-in-failed',
        subject: staffId ?? null,
        after: { login, reason, method: reason.startsWith('sso') ? 'sso' : 'password' },
      });
      if (lockedUntil !== null) {
        await audit.append(tx, {
          corpId,
          at: now,
          actor: acting.actor,
          ip: acting.ip,
          action: 'console.locked',
          subject: staffId ?? null,
          before: { locked: false },
          after: { locked: true, lockedUntil, failures: LOCK_AFTER_FAILURES },
        });
      }
      return lockedUntil;
    });
  }

  async function openSession(
    corp: Corp,
    s: { id: string; name: string },
    roles: StaffRole[],
    method: 'password' | 'sso',
    ip: string | null,
    previousToken: string | undefined,
    before: (x: Own<'console'>) => Promise<void>,
    detail: Record<string, unknown>,
  ) {
    const now = clock();
    const started = await inTx(async (x, tx) => {
      await before(x);
      const session = await startConsoleSession(x, {
        corpId: corp.id,
        staffId: s.id,
        roles,
        method,
        now,
        cfg,
        previousToken,
      });
      await audit.append(tx, {
        corpId: corp.id,
        at: now,
        actor: { id: s.id, name: s.name, roles },
        ip,
        action: 'console.sign-in',
        subject: s.id,
        after: { method, roles, ...detail },
      });
      return session;
    });
    return {
      token: started.token,
      maxAgeMs: cfg.absoluteMs,
      me: toMe(
        corp,
        { id: s.id, name: s.name, roles },
        {
          csrfToken: started.csrfToken,
          method,
          expiresAt: started.expiresAt,
        },
      ),
    };
  }

  async function ssoSettings(corpId: string): Promise<SsoSettings | null> {
    const r = await repo.sso(db, corpId);
    return r
      ? {
          corpId,
          issuer: r.issuer,
          clientId: r.client_id,
          clientSecretEnv: r.client_secret_env,
          rolesClaim: r.roles_claim,
          staffIdClaim: r.staff_id_claim,
        }
      : null;
  }

  /** An admin's change to someone else: never leave the corp without an active admin. */
  async function assertAdminsRemain(
    corpId: string,
    who: Acting,
    staffId: string,
    nextRoles: StaffRole[] | null,
    nextActive: boolean,
  ) {
    const losesAdmin = nextRoles ? !nextRoles.includes('admin') : !nextActive;
    if (!losesAdmin) return;
    if (staffId === who.actor?.id) throw new AppError('CONSOLE_LAST_ADMIN');
    const admins = await repo.activeWithRole(db, corpId, 'admin');
    if (admins.filter((id) => id !== staffId).length === 0) throw new AppError('CONSOLE_LAST_ADMIN');
  }

  return {
    async signInOptions(corp: Corp) {
      return { corpName: corp.name, sso: (await repo.sso(db, corp.id)) !== undefined };
    },

    /**
     * A local account's sign-in: login, password, then the TOTP code of this 30-second step (±1), never a
     * step already used. Unknown logins cost a password check too; every failure is audited, the fifth in a
     * row locks the account for 15 minutes. The session's roles are the staff list's console roles.
     */
    async signIn(
      corp: Corp,
      input: { login: string; password: string; totp: string },
      ip: string | null,
      previousToken?: string,
    ) {
      const account = await repo.accountByLogin(db, corp.id, input.login);
      if (!account) {
        await burnPasswordCheck(input.password);
        await recordFailure(corp.id, { actor: null, ip }, input.login, 'unknown-login');
        throw new AppError('CONSOLE_SIGN_IN_FAILED');
      }
      const staffRow = await repo.staffRow(db, corp.id, account.staff_id);
      const acting: Acting = {
        actor: staffRow ? { id: staffRow.id, name: staffRow.name, roles: parseRoles(staffRow.roles) } : null,
        ip,
      };
      const now = clock();
      if (account.locked_until !== null && Number(account.locked_until) > now) {
        await recordFailure(corp.id, acting, input.login, 'locked', account.staff_id);
        throw new AppError('CONSOLE_LOCKED');
      }
      const passwordOk = await verifyPassword(input.password, account.password_hash);
      const secret = passwordOk ? openSecret(corp.id, account.totp_secret) : null;
      const step = secret ? acceptTotp(secret, input.totp, now, account.totp_last_step) : null;
      if (!passwordOk || step === null) {
        const locked = await recordFailure(
          corp.id,
          acting,
          input.login,
          passwordOk ? 'totp' : 'password',
          account.staff_id,
        );
        throw new AppError(locked ? 'CONSOLE_LOCKED' : 'CONSOLE_SIGN_IN_FAILED');
      }
      if (staffRow?.active !== 1) {
        await recordFailure(corp.id, acting, input.login, 'disabled', account.staff_id);
        throw new AppError('CONSOLE_SIGN_IN_FAILED');
      }
      const roles = consoleRoles(parseRoles(staffRow.roles));
      if (roles.length === 0) {
        await recordFailure(corp.id, acting, input.login, 'no-role', account.staff_id);
        throw new AppError('CONSOLE_NO_ROLE');
      }
      return openSession(
        corp,
        staffRow,
        roles,
        'password',
        ip,
        previousToken,
        async (x) => {
          // Two sign-ins with one code at once: only one takes the step.
          if (!(await repo.claimTotpStep(x, corp.id, account.staff_id, step)))
            throw new AppError('CONSOLE_SIGN_IN_FAILED');
          await repo.updateAccount(x, corp.id, account.staff_id, {
            failed_attempts: 0,
            locked_until: null,
            last_sign_in_at: now,
          });
        },
        { login: input.login },
      );
    },

    /** Where to send the browser for single sign-on, and the sealed transaction for its cookie. */
    async ssoStart(corp: Corp, origin: string) {
      const s = await ssoSettings(corp.id);
      if (!s) throw new AppError('CONSOLE_SSO_NOT_CONFIGURED');
      const redirectUri = `${origin}/console/sso/callback/${encodeURIComponent(corp.id)}`;
      const { url, tx } = await deps.relyingParty.start(s, redirectUri, clock());
      return { url, sealed: sealer.seal(corp.id, JSON.stringify(tx)) };
    },

    /**
     * The provider's answer: the code exchanged and the ID token checked against the transaction in this
     * browser's cookie; the staff id claim names a member of the corp's staff list, whose console roles the
     * provider's roles claim may narrow, never widen.
     */
    async ssoCallback(
      corp: Corp,
      sealed: string | undefined,
      callbackQuery: string,
      ip: string | null,
      previousToken?: string,
    ) {
      const s = await ssoSettings(corp.id);
      if (!s) throw new AppError('CONSOLE_SSO_NOT_CONFIGURED');
      const opened = sealed ? sealer.open(corp.id, sealed) : null;
      const anon: Acting = { actor: null, ip };
      if (!opened) {
        await recordFailure(corp.id, anon, '', 'sso-no-transaction');
        throw new AppError('CONSOLE_SSO_FAILED');
      }
      let claims: Record<string, unknown>;
      try {
        claims = await deps.relyingParty.finish(s, JSON.parse(opened) as SsoTransaction, callbackQuery, clock());
      } catch (err) {
        if (err instanceof AppError && err.errorName === 'CONSOLE_SSO_FAILED')
          await recordFailure(corp.id, anon, '', 'sso-refused');
        throw err;
      }
      const staffId = claims[s.staffIdClaim];
      const staffRow = typeof staffId === 'string' ? await repo.staffRow(db, corp.id, staffId) : undefined;
      if (staffRow?.active !== 1) {
        await recordFailure(corp.id, anon, String(staffId ?? ''), 'sso-unknown-staff');
        throw new AppError('CONSOLE_SSO_UNKNOWN_STAFF');
      }
      let roles = consoleRoles(parseRoles(staffRow.roles));
      const claimed = s.rolesClaim ? claims[s.rolesClaim] : undefined;
      if (s.rolesClaim) {
        const allowed = new Set(
          Array.isArray(claimed) ? claimed.map(String) : typeof claimed === 'string' ? claimed.split(/[\s,]+/) : [],
        );
        roles = roles.filter((r) => allowed.has(r));
      }
      const acting: Acting = { actor: { id: staffRow.id, name: staffRow.name, roles: parseRoles(staffRow.roles) }, ip };
      if (roles.length === 0) {
        await recordFailure(corp.id, acting, staffRow.id, 'sso-no-role', staffRow.id);
        throw new AppError('CONSOLE_NO_ROLE');
      }
      return openSession(corp, staffRow, roles, 'sso', ip, previousToken, async () => {}, {
        issuer: s.issuer,
        sub: typeof claims.sub === 'string' ? claims.sub : null,
      });
    },

    me(corp: Corp, who: RequestConsole): ConsoleMe {
      return toMe(corp, who, { csrfToken: who.csrfToken, method: who.method, expiresAt: who.expiresAt });
    },

    async signOut(who: RequestConsole, token: string | undefined, ip: string | null) {
      await inTx(async (x, tx) => {
        if (token) await endConsoleSession(x, token);
        await audit.append(tx, {
          corpId: who.corpId,
          at: clock(),
          actor: actingOf(who, ip).actor,
          ip,
          action: 'console.sign-out',
          subject: who.id,
        });
      });
    },

    // ---- staff and roles (admin) ----

    async listStaff(corpId: string, q: string | undefined, page: number, pageSize: number) {
      const { rows, total } = await repo.staffPage(db, corpId, q, page, pageSize);
      return { total, items: rows.map(toStaff) };
    },

    /**
     * A staff member with a local account: a new member, or one already on the list (from the campaign
     * file) who has no account yet. The first password (given, or generated) and the second factor are
     * returned once and never stored in the clear.
     */
    async addStaff(
      acting: Acting,
      corpId: string,
      input: { staffId: string; name: string; roles: StaffRole[]; login: string; password?: string },
    ) {
      const problem = input.password === undefined ? null : passwordProblem(input.password);
      if (problem)
        throw new AppError('VALIDATION', {
          'zh-CN': '密码至少 10 位，且含字母和数字',
          'en-US': `password: ${problem}`,
        });
      if (await repo.accountOf(db, corpId, input.staffId)) throw new AppError('CONSOLE_STAFF_EXISTS');
      if (await repo.accountByLogin(db, corpId, input.login)) throw new AppError('CONSOLE_LOGIN_TAKEN');
      const password = input.password ?? generatePassword();
      const passwordHash = await hashPassword(password);
      const factor = await newSecondFactor(corpId, input.login);
      const now = clock();
      await inTx(async (x, tx) => {
        const existing = await deps.staff.get(tx, corpId, input.staffId);
        if (existing)
          await deps.staff.update(tx, corpId, input.staffId, {
            name: input.name,
            roles: input.roles,
            active: true,
            now,
          });
        else await deps.staff.add(tx, { corpId, id: input.staffId, name: input.name, roles: input.roles, now });
        await repo.insertAccount(x, {
          corpId,
          staffId: input.staffId,
          login: input.login,
          passwordHash,
          sealedSecret: factor.sealed,
          now,
        });
        await audit.append(tx, {
          corpId,
          at: now,
          actor: acting.actor,
          ip: acting.ip,
          action: 'staff.add',
          subject: input.staffId,
          before: existing
            ? { name: existing.name, roles: existing.roles, active: existing.active, login: null }
            : null,
          after: { name: input.name, roles: input.roles, active: true, login: input.login },
        });
      });
      return { staff: await staffItem(corpId, input.staffId), password, totp: factor.enrolment };
    },

    async setRoles(acting: Acting, corpId: string, staffId: string, roles: StaffRole[]) {
      const now = clock();
      const before = await repo.staffRow(db, corpId, staffId);
      if (!before) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
      await assertAdminsRemain(corpId, acting, staffId, roles, before.active === 1);
      await inTx(async (_x, tx) => {
        await deps.staff.update(tx, corpId, staffId, { roles, now });
        await audit.append(tx, {
          corpId,
          at: now,
          actor: acting.actor,
          ip: acting.ip,
          action: 'staff.roles',
          subject: staffId,
          before: { roles: parseRoles(before.roles) },
          after: { roles },
        });
      });
      return staffItem(corpId, staffId);
    },

    /** Disabling ends every console session of theirs at once (a staff session's next request fails too). */
    async setActive(acting: Acting, corpId: string, staffId: string, active: boolean) {
      const now = clock();
      const before = await repo.staffRow(db, corpId, staffId);
      if (!before) throw new AppError('CONSOLE_STAFF_NOT_FOUND');
      if (!active) await assertAdminsRemain(corpId, acting, staffId, null, false);
      await inTx(async (x, tx) => {
        await deps.staff.update(tx, corpId, staffId, { active, now });
        if (!active) await endConsoleSessionsOf(x, corpId, staffId);
        await audit.append(tx, {
          corpId,
          at: now,
          actor: acting.actor,
          ip: acting.ip,
          action: active ? 'staff.enable' : 'staff.disable',
          subject: staffId,
          before: { active: before.active === 1 },
          after: { active },
        });
      });
      return staffItem(corpId, staffId);
    },

    /** A new second factor (shown once): the old one stops at once, a lockout is lifted, sessions end. */
    async resetTotp(acting: Acting, corpId: string, staffId: string) {
      const account = await repo.accountOf(db, corpId, staffId);
      if (!account)
        throw new AppError(
          (await repo.staffRow(db, corpId, staffId)) ? 'CONSOLE_NO_LOCAL_ACCOUNT' : 'CONSOLE_STAFF_NOT_FOUND',
        );
      const factor = await newSecondFactor(corpId, account.login);
      const now = clock();
      await inTx(async (x, tx) => {
        await repo.updateAccount(x, corpId, staffId, {
          totp_secret: factor.sealed,
          totp_last_step: null,
          failed_attempts: 0,
          locked_until: null,
        });
        await endConsoleSessionsOf(x, corpId, staffId);
        await audit.append(tx, {
          corpId,
          at: now,
          actor: acting.actor,
          ip: acting.ip,
          action: 'staff.reset-totp',
          subject: staffId,
          before: { lockedUntil: account.locked_until === null ? null : Number(account.locked_until) },
          after: { lockedUntil: null, secondFactor: 'new' },
        });
      });
      return { staff: await staffItem(corpId, staffId), totp: factor.enrolment };
    },

    /** What the settings page shows of the corp's single sign-on (never the secret or its variable). */
    async ssoSummary(corpId: string) {
      const r = await repo.sso(db, corpId);
      return r ? { issuer: r.issuer, clientId: r.client_id } : null;
    },

    /** Active staff holding a role (M of an approval policy). */
    activeWithRole: (corpId: string, role: StaffRole) => repo.activeWithRole(db, corpId, role),

    /**
     * Accounts whose TOTP secret is one of `secrets` (opened with this server's key; one that does not open
     * is not one of them). The production start refuses published demo secrets with this.
     */
    async accountsWithSecrets(secrets: ReadonlySet<string>) {
      const rows = await repo.allSecrets(db);
      return rows.filter((r) => {
        const s = sealer.open(r.corp_id, r.totp_secret) ?? developmentSealer.open(r.corp_id, r.totp_secret);
        return s !== null && secrets.has(s);
      });
    },

    /** The current code of an account whose secret is one of `allowed` (the demo's published secrets), else null. */
    async currentCodeIf(corpId: string, staffId: string, allowed: ReadonlySet<string>): Promise<string | null> {
      const account = await repo.accountOf(db, corpId, staffId);
      if (!account) return null;
      const secret = sealer.open(corpId, account.totp_secret);
      return secret && allowed.has(secret) ? totpCode(secret, clock()) : null;
    },

    /** An account with a fixed (demo) secret and password, for the demo seed; false when it exists. */
    async seedAccount(corpId: string, a: { staffId: string; login: string; password: string; totpSecret: string }) {
      if (await repo.accountOf(db, corpId, a.staffId)) return false;
      await repo.insertAccount(db, {
        corpId,
        staffId: a.staffId,
        login: a.login,
        passwordHash: await hashPassword(a.password),
        sealedSecret: sealer.seal(corpId, a.totpSecret),
        now: clock(),
      });
      return true;
    },
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
