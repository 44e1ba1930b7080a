import { endConsoleSessionsOf } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import type { Acting, ConsoleContext } from './context';
import * as repo from './repo';

/** A new second factor (shown once): the old one stops at once, a lockout is lifted, sessions end. */
export async function resetTotp(ctx: ConsoleContext, acting: Acting, corpId: string, staffId: string) {
  const { db, clock, audit, inTx, newSecondFactor, staffItem } = ctx;
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
    await repo.clearSignInAttempts(x, corpId, account.login);
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
}
