import type { ConsoleContext } from './context';
import * as repo from './repo';

/** What the settings page shows of the corp's single sign-on (never the secret or its variable). */
export async function ssoSummary({ db }: ConsoleContext, corpId: string) {
  const r = await repo.sso(db, corpId);
  return r ? { issuer: r.issuer, clientId: r.client_id } : null;
}
