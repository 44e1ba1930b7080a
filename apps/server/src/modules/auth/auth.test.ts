import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { body, cookieJar, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { signTicket } from './ticket';

const kinds = await dialects();
const DEMO_SECRET = 'demo-app-secret-please-change-0001';

describe.each(kinds)('identity and sessions on %s', (kind) => {
  let t: TestApp;
  const sent: { mobile: string; code: string }[] = [];
  let ipCounter = 0;
  // Each test gets its own client IP so the per-IP login limit only bites where a test means it to.
  let ip = '10.0.0.1';
  beforeAll(async () => {
    t = await startTestApp(kind, {
      otpSender: { send: async (m) => void sent.push(m) },
      config: testConfig({ demoMode: false }),
    });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  });

  const post = (url: string, payload: object, cookie = '', extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { ...H5, cookie, ...extra } });
  const get = (url: string, cookie = '') => t.app.inject({ url, headers: { cookie }, remoteAddress: ip });

  async function sendCode(mobile: string) {
    const res = await post('/bmcs/api/auth/otp/send?corpId=demo', { mobile });
    expect(body(res).code).toBe(0);
    const last = sent.filter((s) => s.mobile === mobile).at(-1);
    if (!last) throw new Error('no code sent');
    return last.code;
  }

  describe('phone + one-time code', () => {
    it('logs in with the code that was sent; the session cookie is HttpOnly, SameSite=Lax', async () => {
      const code = await sendCode('13900000001');
      expect(code).toMatch(/^\d{6}$/);
      const jar = cookieJar();
      const res = await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13900000001', code });
      jar.take(res);
      expect(body(res)).toMatchObject({ code: 0, data: { mobileMasked: '139****0001', loginMethod: 'otp' } });
      const sid = res.cookies.find((c) => c.name === 'sid');
      expect(sid?.httpOnly).toBe(true);
      expect(sid?.sameSite).toBe('Lax');
      expect(sid?.value.length).toBeGreaterThanOrEqual(43); // 32 bytes base64url
      const me = await get('/bmcs/api/auth/session?corpId=demo', jar.header());
      expect(body(me).data).toMatchObject({ corpId: 'demo', mobileMasked: '139****0001' });
      // The code is single-use.
      const again = await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13900000001', code });
      expect(body(again).code).toBe(1006);
    });

    it('does not accept the demo code outside demo mode', async () => {
      await sendCode('13900000009');
      const sentCode = sent.at(-1)?.code;
      const res = await post('/bmcs/api/auth/otp/login?corpId=demo', {
        mobile: '13900000009',
        code: sentCode === '123456' ? '654321' : '123456',
      });
      expect(body(res).code).toBe(1005);
    });

    it('locks the code after 5 wrong attempts, even for the right code afterwards', async () => {
      const code = await sendCode('13900000002');
      const wrong = code === '000000' ? '111111' : '000000';
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          body(await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13900000002', code: wrong })).code,
        );
      }
      expect(codes).toEqual([1005, 1005, 1005, 1005, 1007]);
      const right = await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13900000002', code });
      expect(body(right).code).toBe(1007);
    });

    it('expires the code after 5 minutes', async () => {
      const code = await sendCode('13900000003');
      t.clock.advance(5 * 60_000 + 1);
      const res = await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13900000003', code });
      expect(body(res)).toEqual({ code: 1006, data: '验证码已过期，请重新获取' });
    });

    it('limits resends per phone: one a minute, five an hour', async () => {
      await sendCode('13900000004');
      const soon = await post('/bmcs/api/auth/otp/send?corpId=demo', { mobile: '13900000004' });
      expect(soon.statusCode).toBe(429);
      expect(body(soon).code).toBe(1008);
      for (let i = 0; i < 4; i++) {
        t.clock.advance(61_000);
        await sendCode('13900000004');
      }
      t.clock.advance(61_000);
      const sixth = await post('/bmcs/api/auth/otp/send?corpId=demo', { mobile: '13900000004' });
      expect(body(sixth).code).toBe(1008);
      t.clock.advance(60 * 60_000);
      await sendCode('13900000004');
    });

    it('rate-limits log-in calls per IP with a 429 envelope', async () => {
      const limit = testConfig().rateLimits.loginPerMinute;
      let last = 0;
      for (let i = 0; i <= limit; i++) {
        const res = await post('/bmcs/api/auth/otp/login?corpId=demo', { mobile: '13900000005', code: '000000' });
        last = res.statusCode;
        if (i === limit) expect(body(res)).toEqual({ code: 429, data: '操作过于频繁，请稍后再试' });
      }
      expect(last).toBe(429);
    });
  });

  describe('sessions', () => {
    async function login(mobile: string, cookie = '') {
      const code = await sendCode(mobile);
      return post('/bmcs/api/auth/otp/login?corpId=demo', { mobile, code }, cookie);
    }

    it('rotates the token at login: the old one stops working', async () => {
      const jar = cookieJar();
      const first = await login('13900000011');
      jar.take(first);
      const oldCookie = jar.header();
      const second = await login('13900000011', oldCookie);
      jar.take(second);
      expect(jar.get('sid')).not.toBe(first.cookies.find((c) => c.name === 'sid')?.value);
      expect(body(await get('/bmcs/api/auth/session?corpId=demo', oldCookie)).data).toBeNull();
      expect(body(await get('/bmcs/api/auth/session?corpId=demo', jar.header())).data).not.toBeNull();
    });

    it('ends idle sessions after 30 minutes and every session after 12 hours', async () => {
      const jar = cookieJar();
      jar.take(await login('13900000012'));
      t.clock.advance(29 * 60_000);
      expect(body(await get('/bmcs/api/auth/session?corpId=demo', jar.header())).data).not.toBeNull();
      t.clock.advance(31 * 60_000);
      expect(body(await get('/bmcs/api/auth/session?corpId=demo', jar.header())).data).toBeNull();

      const jar2 = cookieJar();
      jar2.take(await login('13900000013'));
      for (let h = 0; h < 12 * 4; h++) {
        t.clock.advance(15 * 60_000);
        await get('/bmcs/api/auth/session?corpId=demo', jar2.header());
      }
      expect(body(await get('/bmcs/api/auth/session?corpId=demo', jar2.header())).data).toBeNull();
    });

    it('logs out', async () => {
      const jar = cookieJar();
      jar.take(await login('13900000014'));
      const cookie = jar.header();
      expect(body(await post('/bmcs/api/auth/logout?corpId=demo', {}, cookie))).toEqual({ code: 0, data: null });
      expect(body(await get('/bmcs/api/auth/session?corpId=demo', cookie)).data).toBeNull();
    });

    it('a session of one corp is nobody in another corp', async () => {
      const jar = cookieJar();
      jar.take(await login('13900000015'));
      const res = await get('/bmcs/api/auth/session?corpId=demo-gray', jar.header());
      expect(body(res).data).toBeNull();
      const guarded = await get('/bmcs/api/wechat/openid?corpId=demo-gray', jar.header());
      expect(guarded.statusCode).toBe(401);
      expect(body(guarded)).toEqual({ code: 401, data: '登录状态已失效，请重新进入' });
    });

    it('encid carries the nuid sealed for the corp; common decrypt opens it only for that corp’s customer', async () => {
      const jar = cookieJar();
      const res = await login('13900000016');
      jar.take(res);
      const encid = jar.get('encid');
      expect(encid).toBeTruthy();
      const nuid = body<{ nuid: string }>(res).data.nuid;
      const opened = await post('/bmcs/api/common/decrypt?corpId=demo', { data: encid }, jar.header());
      expect(body(opened)).toEqual({ code: 0, data: { plain: nuid } });
      // The session belongs to demo: in demo-gray this caller is nobody (platform/hardening.test.ts has the rest).
      const foreign = await post('/bmcs/api/common/decrypt?corpId=demo-gray', { data: encid }, jar.header());
      expect(body(foreign).code).toBe(401);
      const junk = await post('/bmcs/api/common/decrypt?corpId=demo', { data: 'bm90IHNlYWxlZA' }, jar.header());
      expect(body(junk).code).toBe(1010);
    });
  });

  describe('host-app ticket', () => {
    const ticket = (over: Partial<Parameters<typeof signTicket>[1]> = {}, secret = DEMO_SECRET) =>
      signTicket(secret, {
        corpId: 'demo',
        uid: 'bank-user-77',
        mobile: '13700000077',
        exp: Math.floor(t.clock.now / 1000) + 120,
        nonce: `n-${Math.random().toString(36).slice(2)}`,
        ...over,
      });

    it('exchanges a valid ticket for a session, once', async () => {
      const tk = ticket();
      const res = await post('/bmcs/api/auth/ticket?corpId=demo', { ticket: tk });
      expect(body(res)).toMatchObject({ code: 0, data: { nuid: 'bank-user-77', loginMethod: 'ticket' } });
      const replay = await post('/bmcs/api/auth/ticket?corpId=demo', { ticket: tk });
      expect(replay.statusCode).toBe(401);
      expect(body(replay).code).toBe(1004);
    });

    it('refuses forged, expired, overlong and foreign-corp tickets without storing anything', async () => {
      const users = await t.database.db.selectFrom('app_user').select('id').execute();
      const forged = await post('/bmcs/api/auth/ticket?corpId=demo', {
        ticket: ticket({}, 'someone-elses-secret-000000'),
      });
      expect(body(forged).code).toBe(1002);
      const tampered = ticket().replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
      expect(body(await post('/bmcs/api/auth/ticket?corpId=demo', { ticket: tampered })).code).toBe(1002);
      const expired = await post('/bmcs/api/auth/ticket?corpId=demo', {
        ticket: ticket({ exp: Math.floor(t.clock.now / 1000) - 1 }),
      });
      expect(body(expired).code).toBe(1003);
      const tooLong = await post('/bmcs/api/auth/ticket?corpId=demo', {
        ticket: ticket({ exp: Math.floor(t.clock.now / 1000) + 3600 }),
      });
      expect(body(tooLong).code).toBe(1002);
      const otherCorp = await post('/bmcs/api/auth/ticket?corpId=demo-gray', { ticket: ticket() });
      expect(body(otherCorp).code).toBe(1002);
      expect(await t.database.db.selectFrom('app_user').select('id').execute()).toHaveLength(users.length);
    });
  });

  describe('chat-platform open id', () => {
    it('exchanges a code for an open id and a session', async () => {
      const jar = cookieJar();
      const res = await post('/bmcs/api/auth/openid?corpId=demo', { code: 'wx-code-1' });
      jar.take(res);
      const openId = body<string>(res).data;
      expect(openId).toMatch(/^o_[0-9a-f]{26}$/);
      expect(body(await get('/bmcs/api/wechat/openid?corpId=demo', jar.header())).data).toBe(openId);
      // The same chat user comes back as the same customer.
      const again = await post('/bmcs/api/auth/openid?corpId=demo', { code: 'wx-code-1' });
      expect(body(again).data).toBe(openId);
    });

    it('reports a failed exchange as a business error', async () => {
      const res = await post('/bmcs/api/auth/openid?corpId=demo', { code: 'bad-code' });
      expect(body(res)).toEqual({ code: 1009, data: '获取用户标识失败' });
    });
  });
});

describe('demo mode', () => {
  it('accepts 123456 and says so in the send answer', async () => {
    const t = await startTestApp('sqlite');
    try {
      const send = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/auth/otp/send?corpId=demo',
        headers: H5,
        payload: { mobile: '13800138000' },
      });
      expect(body(send).data).toMatchObject({ demoCode: '123456' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/auth/otp/login?corpId=demo',
        headers: H5,
        payload: { mobile: '13800138000', code: '123456' },
      });
      expect(body(res)).toMatchObject({ code: 0, data: { nuid: 'demo-vip-001' } });
    } finally {
      await t.close();
    }
  });
});
