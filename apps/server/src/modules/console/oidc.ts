import * as client from 'openid-client';
import { AppError } from '../../platform/errors';

// Single sign-on with the corp's OpenID Connect provider (docs/decisions/0330-console-identity.md):
// `openid-client` as the relying party, the authorization code flow with PKCE (S256), state and nonce.
// The provider's metadata is discovered once and kept for an hour per corp.

export interface SsoSettings {
  corpId: string;
  issuer: string;
  clientId: string;
  /** The environment variable holding the client secret. */
  clientSecretEnv: string;
  /** A claim listing roles: they may narrow the staff list's roles, never widen them. null: not used. */
  rolesClaim: string | null;
  /** The claim naming the staff id (`sub` by default). */
  staffIdClaim: string;
}

/** What the browser carries between the start and the callback (sealed in a cookie for 10 minutes). */
export interface SsoTransaction {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  issuer: string;
  startedAt: number;
}
export const SSO_TRANSACTION_MS = 10 * 60_000;

const DISCOVERY_TTL_MS = 60 * 60_000;

/** http issuers only on this machine and never in production (the tests' provider; a developer's own). */
function insecureAllowed(issuer: URL, production: boolean): boolean {
  return !production && issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

type RelyingPartyOptions = {
  production: boolean;
  env: NodeJS.ProcessEnv;
  log: { warn(obj: object, msg: string): void };
  timeoutSec?: number;
};
type Discovered = Map<string, { config: client.Configuration; at: number; key: string }>;

/** The provider's metadata, discovered once and kept for an hour per corp (and per issuer, client and secret). */
async function configOf(
  opts: RelyingPartyOptions,
  configs: Discovered,
  s: SsoSettings,
  now: number,
): Promise<client.Configuration> {
  const secret = opts.env[s.clientSecretEnv];
  if (!secret) {
    opts.log.warn(
      { corpId: s.corpId, variable: s.clientSecretEnv },
      'console sso: the client secret variable is not set',
    );
    throw new AppError('CONSOLE_SSO_NOT_CONFIGURED');
  }
  const key = `${s.issuer}|${s.clientId}|${secret}`;
  const hit = configs.get(s.corpId);
  if (hit && hit.key === key && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const issuer = new URL(s.issuer);
  if (issuer.protocol !== 'https:' && !insecureAllowed(issuer, opts.production)) {
    opts.log.warn({ corpId: s.corpId, issuer: s.issuer }, 'console sso: the issuer must be https');
    throw new AppError('CONSOLE_SSO_NOT_CONFIGURED');
  }
  try {
    const config = await client.discovery(issuer, s.clientId, secret, undefined, {
      timeout: opts.timeoutSec ?? 5,
      ...(insecureAllowed(issuer, opts.production) ? { execute: [client.allowInsecureRequests] } : {}),
    });
    configs.set(s.corpId, { config, at: now, key });
    return config;
  } catch (err) {
    opts.log.warn({ err, corpId: s.corpId, issuer: s.issuer }, 'console sso: discovery failed');
    throw new AppError('CONSOLE_SSO_UNAVAILABLE');
  }
}

/** The provider's authorization URL and the transaction to keep until the callback. */
async function beginAuthorization(
  config: client.Configuration,
  s: SsoSettings,
  redirectUri: string,
  now: number,
): Promise<{ url: string; tx: SsoTransaction }> {
  const verifier = client.randomPKCECodeVerifier();
  const tx: SsoTransaction = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier,
    redirectUri,
    issuer: s.issuer,
    startedAt: now,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: tx.state,
    nonce: tx.nonce,
  });
  return { url: url.href, tx };
}

/** The code exchanged and the ID token checked (the transaction's issuer and age already are). */
async function exchange(
  opts: RelyingPartyOptions,
  config: client.Configuration,
  s: SsoSettings,
  tx: SsoTransaction,
  callbackQuery: string,
) {
  const current = new URL(tx.redirectUri);
  current.search = callbackQuery.startsWith('?') ? callbackQuery : `?${callbackQuery}`;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: tx.verifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token claims');
    return claims as Record<string, unknown>;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // What went wrong (state, nonce, signature, an error the provider returned) goes to the log only.
    opts.log.warn({ err, corpId: s.corpId }, 'console sso: callback refused');
    throw new AppError('CONSOLE_SSO_FAILED');
  }
}

export function createRelyingParty(opts: RelyingPartyOptions) {
  const configs: Discovered = new Map();

  return {
    /** The provider's authorization URL and the transaction to keep until the callback. */
    async start(s: SsoSettings, redirectUri: string, now: number): Promise<{ url: string; tx: SsoTransaction }> {
      return beginAuthorization(await configOf(opts, configs, s, now), s, redirectUri, now);
    },

    /**
     * The callback's code exchanged at the token endpoint, the ID token checked (issuer, audience, expiry,
     * nonce; state and PKCE against the transaction): the verified claims. Any failure is CONSOLE_SSO_FAILED.
     */
    async finish(s: SsoSettings, tx: SsoTransaction, callbackQuery: string, now: number) {
      if (tx.issuer !== s.issuer || now - tx.startedAt > SSO_TRANSACTION_MS) throw new AppError('CONSOLE_SSO_FAILED');
      return exchange(opts, await configOf(opts, configs, s, now), s, tx, callbackQuery);
    },
  };
}
export type RelyingParty = ReturnType<typeof createRelyingParty>;
