import { ERRORS } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { endOtherConsoleSessionsOf, type RequestConsole } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import { actingOf, type ConsoleContext, THROTTLE_WINDOW_MS } from './context';
import { checkPassword } from './password';
import * as repo from './repo';
import { type Throttled, takeAttempt } from './sign-in-steps';

// What 我的账户's changes share (docs/decisions/0378-my-account.md): the caller's own account, the current
// password checked like a sign-in (the same counters, one scrypt whatever happens), a refusal on the record,
// and what a change does besides itself (other sessions end, this address's attempts are forgotten).

export type AccountChange = 'password' | 'totp';

/** The caller's own local account: a member who signs in by single sign-on only has none. */
export async function ownAccount({ db }: ConsoleContext, who: RequestConsole) {
  const account = await repo.accountOf(db, who.corpId, who.id);
  if (!account) throw new AppError('CONSOLE_NO_LOCAL_ACCOUNT');
  return account;
}

/** The refusal under the input it is about: the form sets it there (useEndpointForm). */
export const fieldError = (name: 'CONSOLE_WRONG_PASSWORD' | 'CONSOLE_WRONG_CODE', field: string) =>
  new AppError(name, undefined, { fields: { [field]: ERRORS[name].message['zh-CN'] } });

/** A wrong answer on the record (never what was typed), and at the first refusal of a window the throttle. */
export async function recordAccountFailure(
  { clock, audit, inTx }: ConsoleContext,
  who: RequestConsole,
  ip: string | null,
  login: string,
  change: AccountChange,
  reason: 'password' | 'totp' | 'throttled',
  throttled?: Throttled | null,
) {
  const now = clock();
  const { actor } = actingOf(who, ip);
  await inTx(async (_x, tx) => {
    await audit.append(tx, {
      corpId: who.corpId,
      at: now,
      actor,
      ip,
      action: 'console.account-check-failed',
      subject: who.id,
      after: { change, reason },
    });
    if (throttled?.first)
      await audit.append(tx, {
        corpId: who.corpId,
        at: now,
        actor,
        ip,
        action: 'console.throttled',
        subject: who.id,
        after: { scope: throttled.scope, login: throttled.scope === 'pair' ? login : null, until: throttled.until },
      });
  });
}

/**
 * The current password, even with a live session: the attempt is counted first with the sign-in's own
 * counters (this login at this address, and this address), so of twenty at once five get through and
 * a guesser gains nothing by switching between the sign-in and this page. One scrypt whatever the outcome.
 */
export async function checkCurrentPassword(
  ctx: ConsoleContext,
  who: RequestConsole,
  ip: string | null,
  account: { login: string; password_hash: string },
  password: string,
  change: AccountChange,
) {
  const throttled = await takeAttempt(ctx, who.corpId, account.login, ip, ctx.clock());
  const ok = await checkPassword(password, throttled ? null : account.password_hash);
  if (throttled) {
    await recordAccountFailure(ctx, who, ip, account.login, change, 'throttled', throttled);
    throw new AppError('CONSOLE_ACCOUNT_THROTTLED');
  }
  if (!ok) {
    await recordAccountFailure(ctx, who, ip, account.login, change, 'password');
    throw fieldError('CONSOLE_WRONG_PASSWORD', 'body.currentPassword');
  }
}

/**
 * Inside the change's transaction: the caller's other sessions end (this one stays), and this address's
 * counted attempts at the login are forgotten, as after a sign-in. Returns how many sessions ended.
 */
export async function afterAccountChange(
  { clock }: ConsoleContext,
  x: Own<'console'>,
  who: RequestConsole,
  login: string,
  ip: string | null,
) {
  const ended = await endOtherConsoleSessionsOf(x, who.corpId, who.id, who.tokenHash);
  await repo.clearSignInAttempts(x, who.corpId, login, ip ?? '');
  await repo.giveBackSignInAttempt(x, { corpId: who.corpId, login: '', ip: ip ?? '' });
  await repo.dropStaleSignInAttempts(x, who.corpId, clock() - THROTTLE_WINDOW_MS);
  return ended;
}
