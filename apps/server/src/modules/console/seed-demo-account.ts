import type { ConsoleContext } from './context';
import { hashPassword } from './password';
import * as repo from './repo';

/** An account with a fixed (demo) secret and password, for the demo seed; false when it exists. */
export async function seedAccount(
  { db, clock, sealer }: ConsoleContext,
  corpId: string,
  a: { staffId: string; login: string; password: string; totpSecret: string },
) {
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
}
