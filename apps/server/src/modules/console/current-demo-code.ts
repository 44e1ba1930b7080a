import type { ConsoleContext } from './context';
import * as repo from './repo';
import { totpCode } from './totp';

/** The current code of an account whose secret is one of `allowed` (the demo's published secrets), else null. */
export async function currentCodeIf(
  { db, clock, sealer }: ConsoleContext,
  corpId: string,
  staffId: string,
  allowed: ReadonlySet<string>,
): Promise<string | null> {
  const account = await repo.accountOf(db, corpId, staffId);
  if (!account) return null;
  const secret = sealer.open(corpId, account.totp_secret);
  return secret && allowed.has(secret) ? totpCode(secret, clock()) : null;
}
