import type { Corp } from '../../platform/tenancy';
import { findOrCreate } from './accounts';
import { type AuthContext, providerFailure } from './context';
import { type LoginResult, startLogin } from './start-login';

/** A log-in with the open-id provider's code, exchanged for the customer's open id. */
export async function loginWithOpenId(
  ctx: AuthContext,
  corp: Corp,
  code: string,
  previousToken?: string,
): Promise<LoginResult> {
  let openId: string;
  try {
    openId = await ctx.openIdProvider.exchange({ corpId: corp.id, code });
  } catch (err) {
    // The provider has logged why; no user and no session come of it.
    throw providerFailure(err, ctx.log, 'OPENID_FAILED', 'OPENID_UNAVAILABLE');
  }
  return startLogin(ctx, corp, 'openid', findOrCreate(ctx, corp.id, { openId }), previousToken);
}
