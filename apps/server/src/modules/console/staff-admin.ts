import type { StaffRole } from '@campaign/contract';
import { endConsoleSessionsOf } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import { parseRoles } from '../../platform/session';
import type { Acting, ConsoleContext } from './context';
import { generatePassword, hashPassword, passwordProblem } from './password';
import * as repo from './repo';
import { totpCode } from './totp';

/**
 * The staff and roles an admin manages (add with a first password and second factor shown once, roles,
 * disable, a new second factor), each change audited in its transaction; and the demo's accounts.
 */
export function createStaffAdmin(ctx: ConsoleContext) {
  const { deps, db, clock, audit, sealer, developmentSealer, inTx, newSecondFactor, staffItem, toStaff } = ctx;

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
