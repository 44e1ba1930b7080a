import { endConsoleSession, type RequestConsole } from '../../platform/console-session';
import { actingOf, type ConsoleContext } from './context';

/** Ends this console session (when the browser still had its token), audited. */
export async function signOut(
  { clock, audit, inTx }: ConsoleContext,
  who: RequestConsole,
  token: string | undefined,
  ip: string | null,
) {
  await inTx(async (x, tx) => {
    if (token) await endConsoleSession(x, token);
    await audit.append(tx, {
      corpId: who.corpId,
      at: clock(),
      actor: actingOf(who, ip).actor,
      ip,
      action: 'console.sign-out',
      subject: who.id,
    });
  });
}
