import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { bankCustomer } from './accounts';
import type { AuthContext } from './context';
import * as repo from './repo';
import { type LoginResult, startLogin } from './start-login';
import { checkTicket } from './ticket';

/** A log-in with the bank's signed ticket: checked, its nonce used once, the bank customer's account. */
export async function loginWithTicket(
  ctx: AuthContext,
  corp: Corp,
  ticket: string,
  previousToken?: string,
): Promise<LoginResult> {
  const now = ctx.clock();
  const check = checkTicket(ticket, corp.appSecret, corp.id, now);
  if (!check.ok) throw new AppError(check.reason);
  const { uid, mobile, nonce, exp } = check.payload;
  const fresh = await repo.claimNonce(ctx.db, corp.id, nonce, exp * 1000, now);
  if (!fresh) throw new AppError('TICKET_REPLAYED');
  return startLogin(ctx, corp, 'ticket', bankCustomer(ctx, corp.id, uid, mobile ?? null), previousToken);
}
