import type { RequestConsole } from '../../platform/console-session';
import { AppError } from '../../platform/errors';
import {
  afterAccountChange,
  checkCurrentPassword,
  fieldError,
  ownAccount,
  recordAccountFailure,
} from './account-steps';
import type { ConsoleContext } from './context';
import * as repo from './repo';
import { acceptTotp, newTotpSecret, totpEnrolment } from './totp';

// The caller re-enrols their second factor (docs/decisions/0378-my-account.md): a new secret to scan, not in
// force until a code from it and the current password come back; then it replaces the old one at once.

/** How long a new, unconfirmed second factor can be confirmed. */
export const PENDING_FACTOR_MS = 10 * 60_000;

type Pending = { kind: 'totp-pending'; staffId: string; secret: string; until: number };

/**
 * A new secret for the caller's authenticator app: its QR code and URI, and the secret sealed for this corp
 * and this member with its deadline (`pending`), which the browser sends back to confirm. Nothing is stored:
 * the old second factor stays in force until the confirmation.
 */
export async function startFactorChange(ctx: ConsoleContext, who: RequestConsole) {
  const { clock, sealer } = ctx;
  const account = await ownAccount(ctx, who);
  const secret = newTotpSecret();
  const pending: Pending = { kind: 'totp-pending', staffId: who.id, secret, until: clock() + PENDING_FACTOR_MS };
  const enrolment = await totpEnrolment(secret, `${who.corpId}:${account.login}`);
  return { ...enrolment, pending: sealer.seal(who.corpId, JSON.stringify(pending)) };
}

function openPending(ctx: ConsoleContext, who: RequestConsole, sealed: string): Pending {
  const text = ctx.sealer.open(who.corpId, sealed);
  let p: Partial<Pending> | null = null;
  try {
    p = text ? (JSON.parse(text) as Partial<Pending>) : null;
  } catch {
    p = null;
  }
  // Another member's, or another kind of sealed value, or past its deadline: make a new one.
  if (
    p?.kind !== 'totp-pending' ||
    p.staffId !== who.id ||
    typeof p.secret !== 'string' ||
    !(Number(p.until) > ctx.clock())
  )
    throw new AppError('CONSOLE_FACTOR_EXPIRED');
  return p as Pending;
}

/**
 * The new second factor in force: the current password (counted like a sign-in), then a code from the new
 * secret. Its step is taken as used (the code cannot sign in afterwards); the caller's other sessions end.
 */
export async function confirmFactorChange(
  ctx: ConsoleContext,
  who: RequestConsole,
  ip: string | null,
  input: { pending: string; currentPassword: string; code: string },
) {
  const { clock, audit, inTx, sealer } = ctx;
  const pending = openPending(ctx, who, input.pending);
  const account = await ownAccount(ctx, who);
  await checkCurrentPassword(ctx, who, ip, account, input.currentPassword, 'totp');
  const now = clock();
  const step = acceptTotp(pending.secret, input.code, now, null);
  if (step === null) {
    await recordAccountFailure(ctx, who, ip, account.login, 'totp', 'totp');
    throw fieldError('CONSOLE_WRONG_CODE', 'body.code');
  }
  const otherSessionsEnded = await inTx(async (x, tx) => {
    await repo.updateAccount(x, who.corpId, who.id, {
      totp_secret: sealer.seal(who.corpId, pending.secret),
      totp_last_step: step,
    });
    const ended = await afterAccountChange(ctx, x, who, account.login, ip);
    await audit.append(tx, {
      corpId: who.corpId,
      at: now,
      actor: { id: who.id, name: who.name, roles: who.roles },
      ip,
      action: 'console.totp-change',
      subject: who.id,
      after: { secondFactor: 'new', otherSessionsEnded: ended },
    });
    return ended;
  });
  return { otherSessionsEnded };
}
