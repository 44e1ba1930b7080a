import { accountsWithSecrets } from './accounts-with-secrets';
import { addStaff } from './add-staff';
import { changePassword } from './change-password';
import { confirmFactorChange, startFactorChange } from './change-second-factor';
import { type ConsoleContext, type ConsoleDeps, createConsoleContext } from './context';
import { currentCodeIf } from './current-demo-code';
import { finishSingleSignOn } from './finish-single-sign-on';
import { listStaff } from './list-staff';
import { myAccount } from './my-account';
import { mySignIns } from './my-sign-ins';
import { resetTotp } from './reset-totp';
import { seedAccount } from './seed-demo-account';
import { setActive } from './set-active';
import { setRoles } from './set-roles';
import { signInOptions } from './sign-in-options';
import { signInWithPassword } from './sign-in-with-password';
import { signOut } from './sign-out';
import { signedInAs } from './signed-in-as';
import { ssoSummary } from './sso-summary';
import { activeWithRole } from './staff-with-role';
import { startSingleSignOn } from './start-single-sign-on';
import { unlockLogin } from './unlock-login';

export {
  type Acting,
  ADDRESS_ATTEMPTS,
  actingOf,
  consoleSealKey,
  PAIR_ATTEMPTS,
  THROTTLE_WINDOW_MS,
} from './context';

/**
 * The console's identity (docs/decisions/0330-console-identity.md) by use case: signing in (local accounts
 * with scrypt password + TOTP and throttled attempts, single sign-on with the corp's OpenID Connect provider, console
 * sessions), the staff and roles an admin manages, and the demo's accounts. Every sign-in, failure, throttle and
 * change is audited in its own transaction. One use case per file; this only binds them to the shared context.
 */
export function createConsoleService(deps: ConsoleDeps) {
  const ctx = createConsoleContext(deps);
  const use =
    <A extends unknown[], R>(useCase: (c: ConsoleContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  const signingIn = {
    signInOptions: use(signInOptions),
    signIn: use(signInWithPassword),
    ssoStart: use(startSingleSignOn),
    ssoCallback: use(finishSingleSignOn),
    me: use(signedInAs),
    signOut: use(signOut),
  };
  const staffAdmin = {
    listStaff: use(listStaff),
    addStaff: use(addStaff),
    setRoles: use(setRoles),
    setActive: use(setActive),
    resetTotp: use(resetTotp),
    unlock: use(unlockLogin),
    ssoSummary: use(ssoSummary),
    activeWithRole: use(activeWithRole),
  };
  // 我的账户: only ever the caller's own account (docs/decisions/0378-my-account.md).
  const account = {
    myAccount: use(myAccount),
    changePassword: use(changePassword),
    startFactorChange: use(startFactorChange),
    confirmFactorChange: use(confirmFactorChange),
    mySignIns: use(mySignIns),
  };
  const demoAccounts = {
    accountsWithSecrets: use(accountsWithSecrets),
    currentCodeIf: use(currentCodeIf),
    seedAccount: use(seedAccount),
  };
  return { signingIn, staffAdmin, account, demoAccounts };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
