import { maskMobile, type SessionUser } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { type RequestUser, startSession } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { AuthContext } from './context';
import { withLoginAttempts } from './login-attempts';
import type * as repo from './repo';

export interface LoginResult {
  token: string;
  encid: string;
  user: SessionUser;
}

export function toSessionUser(u: Pick<RequestUser, 'corpId' | 'nuid' | 'mobile' | 'openId' | 'loginMethod'>) {
  return {
    corpId: u.corpId,
    nuid: u.nuid,
    mobileMasked: u.mobile ? maskMobile(u.mobile) : null,
    openId: u.openId,
    loginMethod: u.loginMethod,
  } satisfies SessionUser;
}

/**
 * One log-in: `resolve` finds or creates the account inside the transaction, then a session starts.
 * First log-ins of one customer may run at the same moment; the unique constraints decide which insert
 * wins, and the others (refused, or finding a link already made) run again and join that account.
 */
export async function startLogin(
  { db, clock, config, sealer }: AuthContext,
  corp: Corp,
  method: RequestUser['loginMethod'],
  resolve: (tx: Own<'auth'>, now: number) => Promise<repo.UserRow>,
  previousToken: string | undefined,
): Promise<LoginResult> {
  return withLoginAttempts(() => {
    const now = clock();
    return db.transaction().execute(async (tx) => {
      const user = await resolve(tx, now);
      const token = await startSession(tx, {
        corpId: corp.id,
        userId: user.id,
        method,
        now,
        cfg: config.session,
        previousToken,
      });
      return {
        token,
        encid: sealer.seal(corp.id, user.nuid),
        user: toSessionUser({
          corpId: corp.id,
          nuid: user.nuid,
          mobile: user.mobile,
          openId: user.open_id,
          loginMethod: method,
        }),
      };
    });
  });
}
