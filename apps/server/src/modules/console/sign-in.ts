import type { ConsoleMe, StaffRole } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { endConsoleSession, type RequestConsole, startConsoleSession } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import { parseRoles } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { type Acting, actingOf, type ConsoleContext, LOCK_AFTER_FAILURES, LOCK_MS } from './context';
import type { SsoSettings, SsoTransaction } from './oidc';
import { burnPasswordCheck, verifyPassword } from './password';
import * as repo from './repo';
import { acceptTotp } from './totp';

/**
 * Signing in and out (docs/decisions/0330-console-identity.md): a local account's password and TOTP code
 * (lockout after five failures), or the corp's OpenID Connect provider; every attempt is audited.
 */
export function createSignIn(ctx: ConsoleContext) {
  const { deps, db, clock, audit, cfg, sealer, inTx, openSecret, toMe, consoleRoles } = ctx;

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
  };
}
