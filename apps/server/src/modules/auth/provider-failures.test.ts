import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../../config';
import { captureLog, type FakeHttpServer, startFakeHttp } from '../../testing/fake-http';
import { body, cookieJar, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { HttpOpenIdProvider } from './http-open-id-provider';
import { HttpSmsSender } from './http-sms-sender';

const kinds = await dialects();
const sentBody = z.object({ mobile: z.string(), templateParams: z.object({ code: z.string() }) });

/**
 * The whole API with the real providers against fake outside services that fail: the customer gets a
 * clear envelope error, nothing is stored, and asking again works at once.
 */
describe.each(kinds)('identity provider failures through the API on %s', (kind) => {
  let t: TestApp;
  let sms: FakeHttpServer;
  let chat: FakeHttpServer;
  let ip = 0;
  beforeAll(async () => {
    sms = await startFakeHttp();
    chat = await startFakeHttp();
    const { log } = captureLog();
    const fast = { attempts: 2, backoffMs: 1 };
    t = await startTestApp(kind, {
      config: testConfig({ demoMode: false }),
      otpSender: new HttpSmsSender(
        { endpoint: `${sms.url}/send`, accessKey: 'ak', secret: 's', templateId: 'T1', timeoutMs: 300 },
        { log, retry: fast },
      ),
      openIdProvider: new HttpOpenIdProvider(
        { baseUrl: chat.url, appId: 'wx1', appSecret: 'wxs', timeoutMs: 300 },
        { log, retry: fast },
      ),
    });
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
    await chat?.close();
  });
  beforeEach(() => {
    ip++;
    sms.requests.length = 0;
    chat.requests.length = 0;
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.9.0.${ip}`, headers: { ...H5, ...headers } });
  const sendCode = (mobile: string, headers: Record<string, string> = {}) =>
    post('/bmcs/api/auth/otp/send?corpId=demo', { mobile }, headers);
  const otpRow = (mobile: string) =>
    t.database.db.selectFrom('otp_code').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  const healthySms = () => sms.answer(() => ({ json: { code: 'OK', requestId: 'gw-1' } }));
  const lastSentCode = () => sentBody.parse(JSON.parse(sms.requests.at(-1)?.body ?? '')).templateParams.code;

  describe('one-time code by SMS', () => {
    it('an SMS outage is a 503 envelope in the user language; nothing is stored and asking again works at once', async () => {
      sms.answer(() => ({ status: 503, text: 'down' }));
      const failed = await sendCode('13911110001');
      expect(failed.statusCode).toBe(503);
      expect(body(failed)).toEqual({ code: 1011, data: '短信服务暂时不可用，验证码未发送，请稍后重试' });
      expect(sms.requests).toHaveLength(2); // retried once (attempts: 2)
      const en = await sendCode('13911110001', { 'accept-language': 'en-US' });
      expect(body(en)).toEqual({
        code: 1011,
        data: 'The SMS service is unavailable and no code was sent, please try again',
      });
      expect(await otpRow('13911110001')).toBeUndefined();

      healthySms();
      const retried = await sendCode('13911110001');
      expect(body(retried)).toMatchObject({ code: 0, data: { resendAfterSec: 60 } });
      const login = await post('/bmcs/api/auth/otp/login?corpId=demo', {
        mobile: '13911110001',
        code: lastSentCode(),
      });
      expect(body(login)).toMatchObject({ code: 0, data: { loginMethod: 'otp', mobileMasked: '139****0001' } });
    });

    it('a failed resend leaves the earlier code working and its quota untouched', async () => {
      healthySms();
      expect(body(await sendCode('13911110002')).code).toBe(0);
      const firstCode = lastSentCode();
      const before = await otpRow('13911110002');
      t.clock.advance(61_000);
      sms.answer(() => 'hang');
      const failed = await sendCode('13911110002');
      expect(body(failed).code).toBe(1011);
      expect(await otpRow('13911110002')).toEqual(before);
      // Asking again at once goes through (the failed send did not start a new minute), and counts as the second.
      healthySms();
      expect(body(await sendCode('13911110002')).code).toBe(0);
      expect((await otpRow('13911110002'))?.sends_in_window).toBe(2);
      expect(lastSentCode()).not.toBe(firstCode);
    });

    it('the first code still logs in after a failed resend', async () => {
      healthySms();
      expect(body(await sendCode('13911110003')).code).toBe(0);
      const firstCode = lastSentCode();
      t.clock.advance(61_000);
      sms.answer(() => ({ text: 'not json' }));
      expect(body(await sendCode('13911110003')).code).toBe(1011);
      const login = await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13911110003', code: firstCode });
      expect(body(login).code).toBe(0);
    });

    it("the gateway's refusal is a business error the customer reads (200, 1012), and nothing is stored", async () => {
      sms.answer(() => ({ json: { code: 'isv.MOBILE_NUMBER_ILLEGAL', requestId: 'gw-2' } }));
      const refused = await sendCode('13911110004');
      expect(refused.statusCode).toBe(200);
      expect(body(refused)).toEqual({ code: 1012, data: '验证码未能发送到该号码，请核对手机号后重试' });
      expect(sms.requests).toHaveLength(1);
      expect(await otpRow('13911110004')).toBeUndefined();
    });

    it('two sends racing for one phone send one text; the other is told to wait', async () => {
      sms.answer(() => ({ json: { code: 'OK' }, delayMs: 100 }));
      const [a, b] = await Promise.all([sendCode('13911110005'), sendCode('13911110005')]);
      expect([body(a).code, body(b).code].sort()).toEqual([0, 1008]);
      expect(sms.requests).toHaveLength(1);
    });
  });

  describe('chat-platform open id', () => {
    const openIdUsers = () =>
      t.database.db.selectFrom('app_user').select('id').where('open_id', 'is not', null).execute();
    const exchange = (code: string) => post('/bmcs/api/auth/openid?corpId=demo', { code });

    it('an outage is a 503 envelope asking to retry: no user, no session cookie', async () => {
      const users = (await openIdUsers()).length;
      chat.answer(() => ({ status: 502 }));
      const failed = await exchange('code-outage');
      expect(failed.statusCode).toBe(503);
      expect(body(failed)).toEqual({ code: 1013, data: '暂时无法获取用户标识，请稍后重试' });
      expect(failed.cookies.map((c) => c.name)).not.toContain('sid');
      expect(failed.cookies).toHaveLength(0);
      expect(await openIdUsers()).toHaveLength(users);
    });

    it('an invalid or used code is the customer error (1009): no user, no session cookie', async () => {
      const users = (await openIdUsers()).length;
      chat.answer(() => ({ json: { errcode: 40163, errmsg: 'code been used' } }));
      const refused = await exchange('code-used');
      expect(refused.statusCode).toBe(200);
      expect(body(refused)).toEqual({ code: 1009, data: '获取用户标识失败' });
      expect(refused.cookies).toHaveLength(0);
      expect(chat.requests).toHaveLength(1);
      expect(await openIdUsers()).toHaveLength(users);
    });

    it('after the platform recovers, a code signs the customer in', async () => {
      chat.answer(() => ({ json: { openid: 'oRecovered_1' } }));
      const jar = cookieJar();
      const ok = await exchange('code-fresh');
      jar.take(ok);
      expect(body(ok)).toEqual({ code: 0, data: 'oRecovered_1' });
      expect(jar.get('sid')).toBeTruthy();
      const me = await t.app.inject({ url: '/bmcs/api/wechat/openid?corpId=demo', headers: { cookie: jar.header() } });
      expect(body(me).data).toBe('oRecovered_1');
    });
  });
});
