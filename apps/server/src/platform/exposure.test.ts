import { afterEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig, parseTrustProxy, testConfig } from '../config';
import { body, H5, startTestApp, type TestApp } from '../testing/harness';

const KEY = 'a'.repeat(64);
const started: TestApp[] = [];
async function app(overrides: Partial<Config>) {
  // Production refuses the simulated providers; these tests log nobody in, they look at what the app exposes.
  const unused = async (): Promise<never> => {
    throw new Error('no log-in in these tests');
  };
  const t = await startTestApp('sqlite', {
    config: testConfig(overrides),
    otpSender: { send: unused },
    openIdProvider: { exchange: unused },
  });
  started.push(t);
  return t;
}
afterEach(async () => {
  for (const t of started.splice(0)) await t.close();
});

describe('TRUST_PROXY', () => {
  it('is off by default, a list of addresses/CIDRs, or everyone outside production only', () => {
    expect(parseTrustProxy('false', true)).toBe(false);
    expect(parseTrustProxy('', true)).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback', true)).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(parseTrustProxy('true', false)).toBe(true);
    expect(() => parseTrustProxy('true', true)).toThrow(/list the proxy addresses/);
    expect(() => parseTrustProxy('*', true)).toThrow(/list the proxy addresses/);
    expect(() => parseTrustProxy('10.0.0.0/33,proxy.example', false)).toThrow(/10.0.0.0\/33, proxy.example/);
  });

  it('refuses to start in production with TRUST_PROXY=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, TRUST_PROXY: '10.1.2.3' }).trustProxy).toEqual([
      '10.1.2.3',
    ]);
  });

  const login = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      payload: { mobile: '13800138000', code: '123456' },
      headers: { ...H5, ...headers },
      remoteAddress,
    });

  it('an untrusted client’s X-Forwarded-For does not buy it a fresh per-IP allowance', async () => {
    const t = await app({
      trustProxy: ['10.0.0.1'],
      rateLimits: { loginPerMinute: 5, drawPerSecond: 20, trackingPerMinute: 100 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await login(t, '203.0.113.9', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Through the trusted proxy each customer's own address counts.
    for (let i = 0; i < 8; i++) {
      expect((await login(t, '10.0.0.1', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode).toBe(200);
    }
  });

  it('the session cookie is Secure when the trusted proxy says https, and only then', async () => {
    const t = await app({ trustProxy: ['10.0.0.1'] });
    const sid = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'sid');
    const viaProxy = await login(t, '10.0.0.1', { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' });
    expect(sid(viaProxy)?.secure).toBe(true);
    expect(viaProxy.cookies.find((c) => c.name === 'encid')?.secure).toBe(true);
    const spoofed = await login(t, '203.0.113.10', { 'x-forwarded-proto': 'https' });
    expect(sid(spoofed)?.secure).toBeFalsy();
  });

  it('CSRF: an Origin of another scheme is another origin', async () => {
    const t = await app({ trustProxy: ['10.0.0.1'] });
    const visit = (remoteAddress: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/webpage/visit?corpId=demo',
        payload: { actId: 'wheel-spring', visitType: 'PV' },
        headers: { host: 'campaign.test', ...headers },
        remoteAddress,
      });
    const httpsOnHttp = await visit('203.0.113.11', { origin: 'https://campaign.test' });
    expect([httpsOnHttp.statusCode, body(httpsOnHttp).code]).toEqual([403, 40301]);
    expect((await visit('203.0.113.11', { origin: 'http://campaign.test' })).statusCode).toBe(200);
    expect((await visit('203.0.113.11', { referer: 'https://campaign.test/x' })).statusCode).toBe(403);
    // Behind the TLS proxy the service is https: the https page is ours, an http one is not.
    const tls = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.2' };
    expect((await visit('10.0.0.1', { ...tls, origin: 'https://campaign.test' })).statusCode).toBe(200);
    expect((await visit('10.0.0.1', { ...tls, origin: 'http://campaign.test' })).statusCode).toBe(403);
  });
});

describe('metrics and API docs', () => {
  it('are open in development and tests', async () => {
    const t = await app({});
    expect((await t.app.inject('/metrics')).statusCode).toBe(200);
    expect((await t.app.inject('/bmcs/api/openapi.json')).statusCode).toBe(200);
  });

  it('in production: metrics only with the bearer token, docs only when API_DOCS is on', async () => {
    const t = await app({ env: 'production', demoMode: false, metricsToken: 'm'.repeat(32), apiDocs: false });
    const anonymous = await t.app.inject('/metrics');
    expect([anonymous.statusCode, body(anonymous).code]).toEqual([401, 401]);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(32)}` } });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'m'.repeat(32)}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
    for (const url of ['/bmcs/api/openapi.json', '/bmcs/api/docs/']) {
      const res = await t.app.inject(url);
      expect([url, res.statusCode, body(res).code]).toEqual([url, 404, 404]);
    }
    const noToken = await app({ env: 'production', demoMode: false, metricsToken: null, apiDocs: true });
    expect((await noToken.app.inject('/metrics')).statusCode).toBe(404);
    expect((await noToken.app.inject('/bmcs/api/openapi.json')).statusCode).toBe(200);
  });

  it('defaults follow NODE_ENV; a short METRICS_TOKEN is refused', () => {
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY })).toMatchObject({
      apiDocs: false,
      metricsToken: null,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: KEY, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
