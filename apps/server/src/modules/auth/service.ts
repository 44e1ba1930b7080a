import { claimTicketNonce } from './claim-ticket-nonce';
import { type AuthContext, type AuthDeps, createAuthContext } from './context';
import { logOut } from './log-out';
import { loginWithOpenId } from './login-with-open-id';
import { loginWithOtp } from './login-with-otp';
import { loginWithTicket } from './login-with-ticket';
import { sendOtp } from './send-otp';

export { OTP } from './context';
export { LostRace, withLoginAttempts } from './login-attempts';
export { type LoginResult, toSessionUser } from './start-login';

/**
 * Customers' log-in by use case: a texted code, the bank's ticket, an open-id provider's code; the ticket
 * nonces the staff tickets share; log-out. One use case per file; this only binds them.
 */
export function createAuthService(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  const use =
    <A extends unknown[], R>(useCase: (c: AuthContext, ...args: A) => R) =>
    (...args: A) =>
      useCase(ctx, ...args);
  return {
    sendOtp: use(sendOtp),
    loginWithOtp: use(loginWithOtp),
    loginWithTicket: use(loginWithTicket),
    loginWithOpenId: use(loginWithOpenId),
    claimTicketNonce: use(claimTicketNonce),
    logout: use(logOut),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
