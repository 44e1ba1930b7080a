import { AppError } from '../../platform/errors';
import { parseRoles } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { Acting, ConsoleContext } from './context';
import type { SsoTransaction } from './oidc';
import * as repo from './repo';
import { openSession, recordFailure, ssoSettings } from './sign-in-steps';

/**
 * The provider's answer: the code exchanged and the ID token checked against the transaction in this
 * browser's cookie; the staff id claim names a member of the corp's staff list, whose console roles the
 * provider's roles claim may narrow, never widen.
 */
export async function finishSingleSignOn(
  ctx: ConsoleContext,
  corp: Corp,
  sealed: string | undefined,
  callbackQuery: string,
  ip: string | null,
  previousToken?: string,
) {
  const { deps, db, clock, sealer, consoleRoles } = ctx;
  const s = await ssoSettings(ctx, corp.id);
  if (!s) throw new AppError('CONSOLE_SSO_NOT_CONFIGURED');
  const opened = sealed ? sealer.open(corp.id, sealed) : null;
  const anon: Acting = { actor: null, ip };
  if (!opened) {
    await recordFailure(ctx, corp.id, anon, '', 'sso-no-transaction');
    throw new AppError('CONSOLE_SSO_FAILED');
  }
  let claims: Record<string, unknown>;
  try {
    claims = await deps.relyingParty.finish(s, JSON.parse(opened) as SsoTransaction, callbackQuery, clock());
  } catch (err) {
    if (err instanceof AppError && err.errorName === 'CONSOLE_SSO_FAILED')
      await recordFailure(ctx, corp.id, anon, '', 'sso-refused');
    throw err;
  }
  const staffId = claims[s.staffIdClaim];
  const staffRow = typeof staffId === 'string' ? await repo.staffRow(db, corp.id, staffId) : undefined;
  if (staffRow?.active !== 1) {
    await recordFailure(ctx, corp.id, anon, String(staffId ?? ''), 'sso-unknown-staff');
    throw new AppError('CONSOLE_SSO_UNKNOWN_STAFF');
  }
  let roles = consoleRoles(parseRoles(staffRow.roles));
  const claimed = s.rolesClaim ? claims[s.rolesClaim] : undefined;
  if (s.rolesClaim) {
    const allowed = new Set(
      Array.isArray(claimed) ? claimed.map(String) : typeof claimed === 'string' ? claimed.split(/[\s,]+/) : [],
    );
    roles = roles.filter((r) => allowed.has(r));
  }
  const acting: Acting = { actor: { id: staffRow.id, name: staffRow.name, roles: parseRoles(staffRow.roles) }, ip };
  if (roles.length === 0) {
    await recordFailure(ctx, corp.id, acting, staffRow.id, 'sso-no-role', staffRow.id);
    throw new AppError('CONSOLE_NO_ROLE');
  }
  return openSession(ctx, corp, staffRow, roles, 'sso', ip, previousToken, async () => {}, {
    issuer: s.issuer,
    sub: typeof claims.sub === 'string' ? claims.sub : null,
  });
}
