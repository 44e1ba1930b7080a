import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { demoConsoleAccounts, seedDemoConsole } from '../cli/demo-console';
import { totpCode } from '../modules/console/totp';
import { body, cookieJar, type TestApp } from './harness';

/** The demo's console accounts (campaigns/demo-console-accounts.json) by login. */
export const DEMO_CONSOLE = (() => {
  const f = demoConsoleAccounts();
  return Object.fromEntries(f.accounts.map((a) => [a.login, { ...a, password: f.password }])) as Record<
    'operator' | 'approver' | 'approver2' | 'auditor' | 'admin',
    { staffId: string; login: string; password: string; totpSecret: string; role: string }
  >;
})();

export async function seedConsole(t: TestApp): Promise<void> {
  await seedDemoConsole(t.services);
}

/** What the console sends: same origin (the CSRF guard), JSON. */
export const CONSOLE_HOST = 'localhost:8080';
export const CONSOLE_ORIGIN = `http://${CONSOLE_HOST}`;

export interface ConsoleClient {
  cookie: string;
  csrf: string;
  staffId: string;
  get(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

let seq = 0;
/** A distinct client address per sign-in, below the log-in rate limit. */
export const nextIp = () => {
  seq++;
  return `10.88.${seq % 250}.${Math.floor(seq / 250) + 1}`;
};

export function signInRaw(
  t: TestApp,
  input: { login: string; password: string; totp: string },
  corp = 'demo',
  ip = nextIp(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/bmcs/api/console/auth/sign-in?corpId=${corp}`,
    headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
    payload: input,
    remoteAddress: ip,
  });
}

/** A client around a console session (cookie + CSRF token). */
export function consoleClient(t: TestApp, cookie: string, csrf: string, staffId: string, corp = 'demo'): ConsoleClient {
  const sep = (p: string) => (p.includes('?') ? '&' : '?');
  return {
    cookie,
    csrf,
    staffId,
    get: (path) =>
      t.app.inject({ method: 'GET', url: `/bmcs/api${path}${sep(path)}corpId=${corp}`, headers: { cookie } }),
    post: (path, payload = {}, headers = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/bmcs/api${path}${sep(path)}corpId=${corp}`,
        headers: { host: CONSOLE_HOST, cookie, origin: CONSOLE_ORIGIN, 'x-csrf-token': csrf, ...headers },
        payload: payload as Record<string, unknown>,
        remoteAddress: '10.99.0.1',
      }),
  };
}

/**
 * Signs a demo account in with its current code. The clock moves on a 30-second step first: a code is never
 * accepted twice, and a test signs the same account in more than once.
 */
export async function consoleSignIn(
  t: TestApp,
  who: { login: string; password: string; totpSecret: string; staffId: string },
  corp = 'demo',
): Promise<ConsoleClient> {
  t.clock.advance(30_000);
  const res = await signInRaw(
    t,
    { login: who.login, password: who.password, totp: totpCode(who.totpSecret, t.clock.now) },
    corp,
  );
  expect(body(res)).toMatchObject({ code: 0 });
  const jar = cookieJar();
  jar.take(res);
  return consoleClient(t, jar.header(), body<{ csrfToken: string }>(res).data.csrfToken, who.staffId, corp);
}
