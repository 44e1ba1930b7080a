import { AppError } from '../../platform/errors';
import type { Acting, ConsoleContext } from './context';
import * as repo from './repo';

/**
 * Lets a login be tried again at once from every address (`cli staff unlock`): its counted attempts
 * are forgotten (and a lockout left by an older version is lifted). Audited; the addresses' own
 * allowances stay as they are.
 */
export async function unlockLogin(
  { db, clock, audit, inTx }: ConsoleContext,
  acting: Acting,
  corpId: string,
  staffId: string,
) {
  const account = await repo.accountOf(db, corpId, staffId);
  if (!account)
    throw new AppError(
      (await repo.staffRow(db, corpId, staffId)) ? 'CONSOLE_NO_LOCAL_ACCOUNT' : 'CONSOLE_STAFF_NOT_FOUND',
    );
  const now = clock();
  const cleared = await inTx(async (x, tx) => {
    const n = await repo.clearSignInAttempts(x, corpId, account.login);
    await repo.updateAccount(x, corpId, staffId, { failed_attempts: 0, locked_until: null });
    await audit.append(tx, {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'staff.unlock',
      subject: staffId,
      after: { login: account.login, addresses: n },
    });
    return n;
  });
  return { login: account.login, addresses: cleared };
}
