import type { StaffRole } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { startConsoleSession } from '../../platform/console-session';
import type { Corp } from '../../platform/tenancy';
import { type Acting, ADDRESS_ATTEMPTS, type ConsoleContext, PAIR_ATTEMPTS, THROTTLE_WINDOW_MS } from './context';
import type { SsoSettings } from './oidc';
import * as repo from './repo';

// The steps both ways of signing in share (docs/decisions/0330-console-identity.md): the throttle's count,
// a failure on the record, a session opened, the corp's single sign-on settings.

/** Why an attempt is refused before anything is checked: its login at its address, or its address, used up. */
export type Throttled = { scope: 'pair' | 'address'; until: number; first: boolean };

/**
 * Counts the attempt before anything is checked (one statement per counter: of twenty at once, exactly
 * PAIR_ATTEMPTS are let through). Null: let through; else what is used up and until when.
 * Attempts are throttled per login and address and per address, never the account itself
 * (docs/decisions/0334-sign-in-throttle.md).
 */
export async function takeAttempt(
  { db }: ConsoleContext,
  corpId: string,
  login: string,
  ip: string | null,
  now: number,
): Promise<Throttled | null> {
  const at = ip ?? '';
  const pair = await repo.takeSignInAttempt(db, { corpId, login, ip: at }, now, THROTTLE_WINDOW_MS);
  if (pair.attempts > PAIR_ATTEMPTS)
    return {
      scope: 'pair',
      until: pair.windowStartedAt + THROTTLE_WINDOW_MS,
      first: pair.attempts === PAIR_ATTEMPTS + 1,
    };
  const address = await repo.takeSignInAttempt(db, { corpId, login: '', ip: at }, now, THROTTLE_WINDOW_MS);
  if (address.attempts > ADDRESS_ATTEMPTS)
    return {
      scope: 'address',
      until: address.windowStartedAt + THROTTLE_WINDOW_MS,
      first: address.attempts === ADDRESS_ATTEMPTS + 1,
    };
  return null;
}

/** A failed sign-in on the record (and, at the first refusal of a window, the throttle). */
export async function recordFailure(
  { clock, audit, inTx }: ConsoleContext,
  corpId: string,
  acting: Acting,
  login: string,
  reason: string,
  staffId?: string,
  throttled?: Throttled,
) {
  const now = clock();
  await inTx(async (_x, tx) => {
    await audit.append(tx, {
      corpId,
      at: now,
      actor: acting.actor,
      ip: acting.ip,
      action: 'console.sign-in-failed',
      subject: staffId ?? null,
      after: { login, reason, method: reason.startsWith('sso') ? 'sso' : 'password' },
    });
    if (throttled?.first) {
      await audit.append(tx, {
        corpId,
        at: now,
        actor: acting.actor,
        ip: acting.ip,
        action: 'console.throttled',
        subject: staffId ?? null,
        after: {
          scope: throttled.scope,
          login: throttled.scope === 'pair' ? login : null,
          attempts: throttled.scope === 'pair' ? PAIR_ATTEMPTS : ADDRESS_ATTEMPTS,
          until: throttled.until,
        },
      });
    }
  });
}

/** A console session for a signed-in member, opened in one transaction with `before` and its audit. */
export async function openSession(
  { clock, audit, cfg, inTx, toMe }: ConsoleContext,
  corp: Corp,
  s: { id: string; name: string },
  roles: StaffRole[],
  method: 'password' | 'sso',
  ip: string | null,
  previousToken: string | undefined,
  before: (x: Own<'console'>) => Promise<void>,
  detail: Record<string, unknown>,
) {
  const now = clock();
  const started = await inTx(async (x, tx) => {
    await before(x);
    const session = await startConsoleSession(x, {
      corpId: corp.id,
      staffId: s.id,
      roles,
      method,
      now,
      cfg,
      previousToken,
    });
    await audit.append(tx, {
      corpId: corp.id,
      at: now,
      actor: { id: s.id, name: s.name, roles },
      ip,
      action: 'console.sign-in',
      subject: s.id,
      after: { method, roles, ...detail },
    });
    return session;
  });
  return {
    token: started.token,
    maxAgeMs: cfg.absoluteMs,
    me: toMe(
      corp,
      { id: s.id, name: s.name, roles },
      {
        csrfToken: started.csrfToken,
        method,
        expiresAt: started.expiresAt,
      },
    ),
  };
}

/** The corp's single sign-on settings, or null when it has none. */
export async function ssoSettings({ db }: ConsoleContext, corpId: string): Promise<SsoSettings | null> {
  const r = await repo.sso(db, corpId);
  return r
    ? {
        corpId,
        issuer: r.issuer,
        clientId: r.client_id,
        clientSecretEnv: r.client_secret_env,
        rolesClaim: r.roles_claim,
        staffIdClaim: r.staff_id_claim,
      }
    : null;
}
