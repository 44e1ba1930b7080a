import type { ConsoleAccount } from '@campaign/contract';
import type { RequestConsole } from '../../platform/console-session';
import type { ConsoleContext } from './context';
import * as repo from './repo';

/** What 我的账户 shows: the caller's own login (null: single sign-on only) and when the password changed. */
export async function myAccount({ db }: ConsoleContext, who: RequestConsole): Promise<ConsoleAccount> {
  const account = await repo.accountOf(db, who.corpId, who.id);
  return {
    staffId: who.id,
    name: who.name,
    login: account?.login ?? null,
    passwordChangedAt: account ? Number(account.password_changed_at) : null,
    method: who.method,
  };
}
