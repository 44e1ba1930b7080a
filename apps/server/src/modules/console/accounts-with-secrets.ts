import type { ConsoleContext } from './context';
import * as repo from './repo';

/**
 * Accounts whose TOTP secret is one of `secrets` (opened with this server's key; one that does not open
 * is not one of them). The production start refuses published demo secrets with this.
 */
export async function accountsWithSecrets(
  { db, sealer, developmentSealer }: ConsoleContext,
  secrets: ReadonlySet<string>,
) {
  const rows = await repo.allSecrets(db);
  return rows.filter((r) => {
    const s = sealer.open(r.corp_id, r.totp_secret) ?? developmentSealer.open(r.corp_id, r.totp_secret);
    return s !== null && secrets.has(s);
  });
}
