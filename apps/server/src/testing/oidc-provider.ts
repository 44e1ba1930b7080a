import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';

// A REAL OpenID Connect provider (`oidc-provider`) on a loopback port, for the console's single sign-on
// tests and browser journeys: never a mock. Its own development interactions (a login form that takes any
// login, then a consent form) stand in for the bank's sign-in pages; the login becomes the subject.

export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestOidcOptions {
  /** The console's redirect URIs to register (`<origin>/console/sso/callback/<corpId>`). */
  redirectUris: string[];
  /** 0: any free port. */
  port?: number;
  /** Claims per subject (a login not listed gets `sub` only); `roles` is the roles claim. */
  accounts?: Record<string, { name?: string; roles?: string[] }>;
  clientId?: string;
  clientSecret?: string;
}

export async function startTestOidc(opts: TestOidcOptions): Promise<TestOidc> {
  const clientId = opts.clientId ?? 'campaign-console';
  const clientSecret = opts.clientSecret ?? 'test-oidc-client-secret-0001';
  let handler: ((req: never, res: never) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req as never, res as never);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'roles'] },
    // The ID token carries the profile claims (the console reads the staff id and roles from it).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-oidc-cookie-key-0000000000000001'] },
    async findAccount(_ctx, sub) {
      const a = opts.accounts?.[sub];
      return {
        accountId: sub,
        claims: async () => ({ sub, ...(a?.name ? { name: a.name } : {}), ...(a?.roles ? { roles: a.roles } : {}) }),
      };
    },
  });
  // The development keys and interactions are what a test wants; their warnings are noise here.
  provider.on('server_error', (_ctx, err) => console.error('test oidc provider:', err));
  handler = provider.callback() as never;
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `tsx apps/server/src/testing/oidc-provider.ts <port> <redirectUri>…`: the browser journeys' provider.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [port, ...redirectUris] = process.argv.slice(2);
  const oidc = await startTestOidc({
    port: Number(port),
    redirectUris,
    accounts: {
      'approver-zhao': { name: '赵主管', roles: ['approver'] },
    },
  });
  console.log(`test OIDC provider at ${oidc.issuer}`);
}
