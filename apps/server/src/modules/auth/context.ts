import type { ErrorName } from '@campaign/contract';
import { hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { type OpenIdProvider, type OtpSender, ProviderError } from './providers';

// What the customers' log-in use cases share (one per file, bound in service.ts).

export const OTP = {
  length: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  windowMs: 60 * 60_000,
  maxSendsPerWindow: 5,
  demoCode: '123456',
} as const;

export type AuthDeps = ServiceDeps<'auth'> & { otpSender: OtpSender; openIdProvider: OpenIdProvider };
export type AuthContext = AuthDeps & {
  db: AuthDeps['database']['db'];
  /** A code as it is stored: keyed, never in the clear. */
  hashCode: (corpId: string, mobile: string, code: string) => string;
};

export function createAuthContext(deps: AuthDeps): AuthContext {
  const otpKey = deps.config.encryptionKey ?? deps.randomBytes(32);
  const hashCode = (corpId: string, mobile: string, code: string) => hmacHex(otpKey, `${corpId}:${mobile}:${code}`);
  return { ...deps, db: deps.database.db, hashCode };
}

/**
 * A provider's "no" is the customer's to fix; anything else (an outage, a bug) is a retry later. The
 * providers log their own failures; anything else that was thrown is logged here.
 */
export function providerFailure(
  err: unknown,
  log: ServiceDeps<'auth'>['log'],
  refused: ErrorName,
  unavailable: ErrorName,
) {
  if (!(err instanceof ProviderError)) log.error({ err }, 'identity provider failed');
  return new AppError(err instanceof ProviderError && err.kind === 'refused' ? refused : unavailable);
}
