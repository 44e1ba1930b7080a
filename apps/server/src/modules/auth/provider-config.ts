import { type Config, OAUTH_VARIABLES, SMS_VARIABLES } from '../../config';
import { HttpOpenIdProvider } from './http-open-id-provider';
import { HttpSmsSender } from './http-sms-sender';
import {
  logOtpSender,
  type OpenIdProvider,
  type OtpSender,
  ProviderError,
  type ProviderLog,
  simulatedOpenIdProvider,
} from './providers';

export interface AuthProviders {
  otpSender: OtpSender;
  openIdProvider: OpenIdProvider;
}

/** The demo's log sender and simulated open-id provider run in demo mode and tests, never in production. */
export function simulatedProvidersAllowed(config: Config): boolean {
  return config.env !== 'production' && (config.demoMode || config.env === 'test');
}

/** The variables still to set before this config may start (empty when it may); `given` providers need none. */
export function missingProviderVariables(config: Config, given: Partial<AuthProviders> = {}): string[] {
  if (simulatedProvidersAllowed(config)) return [];
  return [
    ...(config.sms || given.otpSender ? [] : SMS_VARIABLES),
    ...(config.oauth || given.openIdProvider ? [] : OAUTH_VARIABLES),
  ];
}

/**
 * Throws the start-up error naming what is missing. main.ts calls it before it touches the database;
 * authProviders calls it again for configs that never went through main (the CLI, tests).
 */
export function assertProvidersConfigured(config: Config, given: Partial<AuthProviders> = {}): void {
  const missing = missingProviderVariables(config, given);
  if (missing.length === 0) return;
  const why =
    config.env === 'production'
      ? 'NODE_ENV=production never runs the simulated SMS sender or open-id provider'
      : 'the simulated SMS sender and open-id provider run only with DEMO_MODE on or in tests';
  throw new Error(`Real identity providers are required (${why}): set ${missing.join(', ')}`);
}

/**
 * The one choice of identity providers: the real ones wherever configured; the simulated ones only where
 * simulatedProvidersAllowed; `given` (tests) wins over both.
 */
export function authProviders(config: Config, log: ProviderLog, given: Partial<AuthProviders> = {}): AuthProviders {
  assertProvidersConfigured(config, given);
  return {
    otpSender:
      given.otpSender ??
      (config.sms ? new HttpSmsSender(config.sms, { log }) : logOtpSender((msg) => log.info({}, msg))),
    openIdProvider:
      given.openIdProvider ?? (config.oauth ? new HttpOpenIdProvider(config.oauth, { log }) : simulatedOpenIdProvider),
  };
}

/**
 * For processes that never log anyone in (the CLI): no simulated sender in production, and no need for the
 * gateway's credentials to migrate, seed or verify. Any use is a configuration error, refused loudly.
 */
export function refusingProviders(): AuthProviders {
  const refuse = async (): Promise<never> => {
    throw new ProviderError('unavailable', 'this process has no identity providers (the CLI logs nobody in)');
  };
  return { otpSender: { send: refuse }, openIdProvider: { exchange: refuse } };
}
