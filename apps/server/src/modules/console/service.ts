import { type ConsoleDeps, createConsoleContext } from './context';
import { createSignIn } from './sign-in';
import { createStaffAdmin } from './staff-admin';

export { type Acting, actingOf, consoleSealKey, LOCK_AFTER_FAILURES, LOCK_MS } from './context';

/**
 * The console's identity (docs/decisions/0330-console-identity.md) by use case: signing in (local accounts
 * with scrypt password + TOTP and lockout, single sign-on with the corp's OpenID Connect provider, console
 * sessions) and the staff and roles an admin manages. Every sign-in, failure, lockout and change is audited
 * in its own transaction.
 */
export function createConsoleService(deps: ConsoleDeps) {
  const ctx = createConsoleContext(deps);
  return { ...createSignIn(ctx), ...createStaffAdmin(ctx) };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
