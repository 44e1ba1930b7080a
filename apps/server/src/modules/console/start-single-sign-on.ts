import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { ConsoleContext } from './context';
import { ssoSettings } from './sign-in-steps';

/** Where to send the browser for single sign-on, and the sealed transaction for its cookie. */
export async function startSingleSignOn(ctx: ConsoleContext, corp: Corp, origin: string) {
  const { deps, clock, sealer } = ctx;
  const s = await ssoSettings(ctx, corp.id);
  if (!s) throw new AppError('CONSOLE_SSO_NOT_CONFIGURED');
  const redirectUri = `${origin}/console/sso/callback/${encodeURIComponent(corp.id)}`;
  const { url, tx } = await deps.relyingParty.start(s, redirectUri, clock());
  return { url, sealed: sealer.seal(corp.id, JSON.stringify(tx)) };
}
