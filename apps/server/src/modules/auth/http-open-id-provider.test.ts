import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OAuthConfig } from '../../config';
import { captureLog, type FakeHttpServer, inOrder, rejectionOf, startFakeHttp } from '../../testing/fake-http';
import { HttpOpenIdProvider } from './http-open-id-provider';
import { ProviderError } from './providers';

const APP_SECRET = 'oauth-app-secret-0001';
const CODE = 'chat-code-7f3a';

describe('HttpOpenIdProvider against a local fake chat platform', () => {
  let fake: FakeHttpServer;
  let capture: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    fake = await startFakeHttp();
  });
  afterAll(async () => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    capture = captureLog();
  });

  const provider = (over: Partial<OAuthConfig> = {}) =>
    new HttpOpenIdProvider(
      { baseUrl: `${fake.url}/wx`, appId: 'wx-app-1', appSecret: APP_SECRET, timeoutMs: 1000, ...over },
      { log: capture.log, retry: { attempts: 3, backoffMs: 1 }, wait: async () => {} },
    );
  const exchange = (p = provider()) => p.exchange({ corpId: 'demo', code: CODE });
  const failure = (p = provider()) => rejectionOf(exchange(p), ProviderError);
  const expectNoSecretsIn = (...texts: string[]) => {
    for (const text of [...capture.lines, ...texts]) {
      expect(text).not.toContain(APP_SECRET);
      expect(text).not.toContain(CODE);
    }
  };

  it('exchanges the code with appid, secret and grant_type under the base URL', async () => {
    fake.answer(() => ({ json: { access_token: 'at', expires_in: 7200, openid: 'oUser_42-x', scope: 'snsapi_base' } }));
    expect(await exchange()).toBe('oUser_42-x');
    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req?.method).toBe('GET');
    expect(req?.url.pathname).toBe('/wx/sns/oauth2/access_token');
    expect(Object.fromEntries(req?.url.searchParams ?? [])).toEqual({
      appid: 'wx-app-1',
      secret: APP_SECRET,
      code: CODE,
      grant_type: 'authorization_code',
    });
    expectNoSecretsIn();
  });

  it('takes an invalid or used code as refused (the customer needs a new one), without retrying', async () => {
    for (const errcode of [40029, 40163]) {
      fake.answer(() => ({ json: { errcode, errmsg: 'invalid code, rid: 1' } }));
      const err = await failure();
      expect(err.kind).toBe('refused');
      expect(err.message).toContain(String(errcode));
    }
    expect(fake.requests).toHaveLength(2);
    expectNoSecretsIn();
  });

  it('takes a refusal of our own credentials as unavailable, logged as an error, not retried', async () => {
    fake.answer(() => ({ json: { errcode: 40125, errmsg: 'invalid appsecret' } }));
    const err = await failure();
    expect(err.kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(1);
    expect(capture.lines.some((l) => l.startsWith('error') && l.includes('40125'))).toBe(true);
    expectNoSecretsIn(err.message);
  });

  it('retries "system busy" (errcode -1) and a 5xx, and succeeds when the platform recovers', async () => {
    fake.answer(
      inOrder({ json: { errcode: -1, errmsg: 'system error' } }, { status: 503 }, { json: { openid: 'o1' } }),
    );
    expect(await exchange()).toBe('o1');
    expect(fake.requests).toHaveLength(3);
    expect(capture.lines.filter((l) => l.startsWith('warn'))).toHaveLength(2);
  });

  it('retries 5xx until the attempts run out: unavailable', async () => {
    fake.answer(() => ({ status: 500, text: 'internal' }));
    const err = await failure();
    expect(err.kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
    expectNoSecretsIn(err.message);
  });

  it('gives up on a platform that does not answer in time after the attempts: unavailable', async () => {
    fake.answer(() => 'hang');
    const err = await failure(provider({ timeoutMs: 120 }));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('120 ms');
    expect(fake.requests).toHaveLength(3);
    expectNoSecretsIn(err.message);
  });

  it('refuses an unreadable answer or one without a usable openid, without retrying', async () => {
    fake.answer(() => ({ text: 'not json at all' }));
    expect((await failure()).kind).toBe('unavailable');
    fake.answer(() => ({ json: { access_token: 'at' } }));
    expect((await failure()).kind).toBe('unavailable');
    fake.answer(() => ({ json: { openid: 'o1; drop table app_user' } }));
    expect((await failure()).kind).toBe('unavailable');
    expect(fake.requests).toHaveLength(3);
  });
});
