import { AppError } from '../../platform/errors';
import { parseRoles } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { type Acting, type ConsoleContext, THROTTLE_WINDOW_MS } from './context';
import { checkPassword } from './password';
import * as repo from './repo';
import { openSession, recordFailure, takeAttempt } from './sign-in-steps';
import { acceptTotp } from './totp';

/**
 * A local account's sign-in: login, password, then the TOTP code of this 30-second step (±1), never a
 * step already used. The attempt is counted first (per login and address, and per address); an unknown
 * login, a wrong password or code, and a throttled attempt each cost one password check (a decoy hash
 * when there is nothing to check) and answer alike: unknown and wrong the same code and message, a
 * throttled login the same whether it exists or not. The session's roles are the staff list's console roles.
 */
export async function signInWithPassword(
  ctx: ConsoleContext,
  corp: Corp,
  input: { login: string; password: string; totp: string },
  ip: string | null,
  previousToken?: string,
) {
  const { db, clock, openSecret, consoleRoles } = ctx;
  const now = clock();
  const throttled = await takeAttempt(ctx, corp.id, input.login, ip, now);
  const account = await repo.accountByLogin(db, corp.id, input.login);
  const staffRow = account ? await repo.staffRow(db, corp.id, account.staff_id) : undefined;
  const passwordOk = await checkPassword(input.password, account && !throttled ? account.password_hash : null);
  const acting: Acting = {
    actor: staffRow ? { id: staffRow.id, name: staffRow.name, roles: parseRoles(staffRow.roles) } : null,
    ip,
  };
  if (throttled) {
    await recordFailure(ctx, corp.id, acting, input.login, 'throttled', account?.staff_id, throttled);
    throw new AppError('CONSOLE_LOCKED');
  }
  if (!account) {
    await recordFailure(ctx, corp.id, acting, input.login, 'unknown-login');
    throw new AppError('CONSOLE_SIGN_IN_FAILED');
  }
  const secret = passwordOk ? openSecret(corp.id, account.totp_secret) : null;
  const step = secret ? acceptTotp(secret, input.totp, now, account.totp_last_step) : null;
  if (!passwordOk || step === null) {
    await recordFailure(ctx, corp.id, acting, input.login, passwordOk ? 'totp' : 'password', account.staff_id);
    throw new AppError('CONSOLE_SIGN_IN_FAILED');
  }
  if (staffRow?.active !== 1) {
    await recordFailure(ctx, corp.id, acting, input.login, 'disabled', account.staff_id);
    throw new AppError('CONSOLE_SIGN_IN_FAILED');
  }
  const roles = consoleRoles(parseRoles(staffRow.roles));
  if (roles.length === 0) {
    await recordFailure(ctx, corp.id, acting, input.login, 'no-role', account.staff_id);
    throw new AppError('CONSOLE_NO_ROLE');
  }
  return openSession(
    ctx,
    corp,
    staffRow,
    roles,
    'password',
    ip,
    previousToken,
    async (x) => {
      // Two sign-ins with one code at once: only one takes the step.
      if (!(await repo.claimTotpStep(x, corp.id, account.staff_id, step))) throw new AppError('CONSOLE_SIGN_IN_FAILED');
      await repo.updateAccount(x, corp.id, account.staff_id, {
        failed_attempts: 0,
        locked_until: null,
        last_sign_in_at: now,
      });
      // Its owner signed in from here: this address's guesses at the login are forgotten, and the
      // address gets its attempt back (it counts failures).
      await repo.clearSignInAttempts(x, corp.id, input.login, ip ?? '');
      await repo.giveBackSignInAttempt(x, { corpId: corp.id, login: '', ip: ip ?? '' });
      await repo.dropStaleSignInAttempts(x, corp.id, now - THROTTLE_WINDOW_MS);
    },
    { login: input.login },
  );
}
