import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { CONSOLE_HOST, CONSOLE_ORIGIN, consoleClient, nextIp } from '../../testing/console';
import { body, cookieJar, dialects, startTestApp, type TestApp } from '../../testing/harness';
import { startTestOidc, type TestOidc } from '../../testing/oidc-provider';
import { createRelyingParty } from './oidc';

const kinds = await dialects();
const SECRET_ENV = 'TEST_CONSOLE_OIDC_SECRET';
const REDIRECT = `${CONSOLE_ORIGIN}/console/sso/callback/demo`;

/**
 * The browser's part at the provider, through its own development interactions (a real `oidc-provider`,
 * never a mock): follow redirects with the provider's cookies, submit the login form with `login`, then
 * the consent form; stop at the console's redirect URI and hand back its query string.
 */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  let url = authorizationUrl;
  let form: Record<string, string> | null = null;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(REDIRECT)) return new URL(url).search.slice(1);
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    keep(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider page without a form or redirect (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    form = html.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
  }
  throw new Error('too many hops at the provider');
}

describe.each(kinds)('console single sign-on with a real OpenID Connect provider on %s', (kind) => {
  let t: TestApp;
  let oidc: TestOidc;
  const env: NodeJS.ProcessEnv = {};
  beforeAll(async () => {
    oidc = await startTestOidc({
      redirectUris: [REDIRECT],
      accounts: {
        'approver-zhao': { name: '赵主管', roles: ['approver'] },
        'operator-chen': { name: '陈运营', roles: ['operator', 'admin'] },
        'admin-zhou': { name: '周管理员', roles: ['nothing-we-know'] },
      },
    });
    env[SECRET_ENV] = oidc.clientSecret;
    const log = { warn: () => {} };
    t = await startTestApp(kind, { relyingParty: createRelyingParty({ production: false, env, log }) });
    await publish(`corps:
  - id: demo
    name: 招财生活银行（演示）
    whiteListed: true
    appSecret: demo-app-secret-please-change-0001
    groups: [eiop-south]
    cgroups: [{ id: vip, name: 财富 VIP 客户 }, { id: payroll, name: 代发工资客户 }]
    sso: { issuer: '${oidc.issuer}', clientId: ${oidc.clientId}, clientSecretEnv: ${SECRET_ENV}, rolesClaim: roles }
`);
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
  });
  const { publish } = campaignActions(() => t);

  /** Start → the provider → callback, as the console's screens do; the response of the callback. */
  async function ssoAs(login: string, tamper?: (query: string) => string) {
    const jar = cookieJar();
    const ip = nextIp();
    const start = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/auth/sso/start?corpId=demo',
      headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
      remoteAddress: ip,
    });
    expect(body(start)).toMatchObject({ code: 0 });
    jar.take(start);
    const startCookie = jar.header();
    const url = body<{ url: string }>(start).data.url;
    const query = await signInAtProvider(url, login);
    const callback = () =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/console/auth/sso/callback?corpId=demo',
        headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN, cookie: startCookie },
        payload: { callbackQuery: tamper ? tamper(query) : query },
        remoteAddress: ip,
      });
    const res = await callback();
    jar.take(res);
    // The same callback again, with the transaction cookie an attacker might have kept: the code is spent.
    return { res, url: new URL(url), jar, replay: callback };
  }

  it('the sign-in page offers single sign-on; start sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const opts = await t.app.inject({ method: 'GET', url: '/bmcs/api/console/auth/options?corpId=demo' });
    expect(body(opts).data).toMatchObject({ sso: true });
    const start = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/auth/sso/start?corpId=demo',
      headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
    });
    const url = new URL(body<{ url: string }>(start).data.url);
    expect(url.origin).toBe(oidc.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'campaign-console',
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge_method: 'S256',
      scope: 'openid profile',
    });
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(20);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThan(20);
    expect(url.searchParams.get('code_challenge')?.length).toBe(43);
    const cookie = start.cookies.find((c) => c.name === 'console_sso');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/bmcs/api/console' });
    expect(cookie?.value).not.toContain(url.searchParams.get('state') ?? 'x');
  });

  it('a staff member signs in through the provider: a console session with the staff list’s roles, narrowed by the roles claim', async () => {
    const { res, jar } = await ssoAs('approver-zhao');
    // The staff list grants approver and operator; the provider's claim says approver only.
    expect(body(res)).toMatchObject({
      code: 0,
      data: { staffId: 'approver-zhao', roles: ['approver'], method: 'sso' },
    });
    const c = consoleClient(t, jar.header(), body<{ csrfToken: string }>(res).data.csrfToken, 'approver-zhao');
    expect(body(await c.get('/console/me')).data).toMatchObject({ roles: ['approver'] });
    expect(jar.get('console_sso')).toBeUndefined();
  });

  it('the provider’s claim never widens: admin in the claim is not admin when the staff list says operator', async () => {
    const { res } = await ssoAs('operator-chen');
    expect(body(res)).toMatchObject({ code: 0, data: { roles: ['operator'] } });
  });

  it('refuses a subject not on the staff list, a claim that leaves no role, a changed state, and a replayed callback; each is audited', async () => {
    const nobody = await ssoAs('somebody-else');
    expect(body(nobody.res)).toMatchObject({ code: 6007 });
    const noRole = await ssoAs('admin-zhou');
    expect(body(noRole.res)).toMatchObject({ code: 6003 });
    const forged = await ssoAs('approver-zhao', (q) => q.replace(/state=[^&]+/, 'state=forged-state-value'));
    expect(body(forged.res)).toMatchObject({ code: 6005 });
    const ok = await ssoAs('approver-zhao');
    expect(body(ok.res)).toMatchObject({ code: 0 });
    expect(body(await ok.replay())).toMatchObject({ code: 6005 });
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('corp_id', '=', 'demo')
      .orderBy('seq')
      .execute();
    const reasons = rows
      .filter((r) => r.action === 'console.sign-in-failed')
      .map((r) => JSON.parse(r.after ?? '{}').reason);
    expect(reasons).toEqual(expect.arrayContaining(['sso-unknown-staff', 'sso-no-role', 'sso-refused']));
    const signIns = rows.filter((r) => r.action === 'console.sign-in').map((r) => JSON.parse(r.after ?? '{}'));
    expect(signIns.at(-1)).toMatchObject({ method: 'sso', issuer: oidc.issuer, sub: 'approver-zhao' });
  });

  it('without the transaction cookie the callback is refused, whatever the provider said', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/auth/sso/start?corpId=demo',
      headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
    });
    const query = await signInAtProvider(body<{ url: string }>(start).data.url, 'approver-zhao');
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/auth/sso/callback?corpId=demo',
      headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
      payload: { callbackQuery: query },
    });
    expect(body(res)).toMatchObject({ code: 6005 });
  });

  it('a corp without single sign-on says so; the secret variable unset is a configuration error, not a crash', async () => {
    const gray = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/console/auth/sso/start?corpId=demo-gray',
      headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
    });
    expect(body(gray)).toMatchObject({ code: 6004 });
    const saved = env[SECRET_ENV];
    delete env[SECRET_ENV];
    const fresh = createRelyingParty({ production: false, env, log: { warn: () => {} } });
    await expect(
      fresh.start(
        {
          corpId: 'x',
          issuer: oidc.issuer,
          clientId: 'c',
          clientSecretEnv: SECRET_ENV,
          rolesClaim: null,
          staffIdClaim: 'sub',
        },
        REDIRECT,
        0,
      ),
    ).rejects.toMatchObject({ errorName: 'CONSOLE_SSO_NOT_CONFIGURED' });
    env[SECRET_ENV] = saved;
    // In production an http issuer is refused outright.
    const prod = createRelyingParty({ production: true, env, log: { warn: () => {} } });
    await expect(
      prod.start(
        {
          corpId: 'x',
          issuer: oidc.issuer,
          clientId: 'c',
          clientSecretEnv: SECRET_ENV,
          rolesClaim: null,
          staffIdClaim: 'sub',
        },
        REDIRECT,
        0,
      ),
    ).rejects.toMatchObject({ errorName: 'CONSOLE_SSO_NOT_CONFIGURED' });
  });
});
