import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { body, cookieJar, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { signTicket } from './ticket';

const kinds = await dialects();
const DEMO_SECRET = 'demo-app-secret-please-change-0001';

/** How many answers had each envelope code, e.g. { 0: 9, 1004: 1 }; a 500 shows up as code 500. */
function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) {
    const code = body(r).code;
    out[code] = (out[code] ?? 0) + 1;
  }
  return out;
}

describe.each(kinds)('identity linking and concurrent log-ins on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    // Demo mode for the code 123456; a high login limit so bursts measure races, not the limiter.
    t = await startTestApp(kind, {
      config: testConfig({ rateLimits: { loginPerMinute: 10_000, drawPerSecond: 1000, trackingPerMinute: 1000 } }),
    });
  });
  afterAll(async () => t?.close());

  const mobileNo = () => `1360000${String(++seq).padStart(4, '0')}`;
  const ticket = (uid: string, mobile?: string, nonce = `n-${randomUUID()}`) =>
    signTicket(DEMO_SECRET, { corpId: 'demo', uid, mobile, exp: Math.floor(t.clock.now / 1000) + 120, nonce });
  const post = (url: string, payload: object, cookie = '', extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...H5, cookie, ...extra } });
  const otpLogin = (mobile: string) => post('/bmcs/api/auth/otp/login?corpId=demo', { mobile, code: '123456' });
  const ticketLogin = (tk: string) => post('/bmcs/api/auth/ticket?corpId=demo', { ticket: tk });
  const cookieOf = (res: LightMyRequestResponse) => {
    const jar = cookieJar();
    jar.take(res);
    return jar.header();
  };
  const users = (where: { mobile?: string; nuid?: string }) => {
    let q = t.database.db.selectFrom('app_user').selectAll().where('corp_id', '=', 'demo');
    if (where.mobile) q = q.where('mobile', '=', where.mobile);
    if (where.nuid) q = q.where('nuid', '=', where.nuid);
    return q.execute();
  };
  const myPrizes = async (cookie: string) =>
    body<{ awardId: string }[]>(await t.app.inject({ url: '/bmcs/api/prizes/mine?corpId=demo', headers: { cookie } }))
      .data;

  describe('a phone-code account and the bank app', () => {
    it('a ticket for a mobile with a phone-code account adopts that account once, with its prizes', async () => {
      const mobile = mobileNo();
      const otp = await otpLogin(mobile);
      expect(body(otp).code).toBe(0);
      const otpCookie = cookieOf(otp);
      const drawn = await post('/bmcs/api/v2/lottery?corpId=demo', { actId: 'wheel-spring' }, otpCookie, {
        'idempotency-key': randomUUID(),
      });
      expect(body(drawn).code).toBe(0);
      const before = await myPrizes(otpCookie);
      const [account] = await users({ mobile });

      const viaBank = await ticketLogin(ticket('bank-link-1', mobile));
      expect(body(viaBank)).toMatchObject({ code: 0, data: { nuid: 'bank-link-1', loginMethod: 'ticket' } });
      expect(await myPrizes(cookieOf(viaBank))).toEqual(before);
      const after = await users({ mobile });
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: account?.id, nuid: 'bank-link-1' });
      expect(after[0]?.bank_linked_at).not.toBeNull();

      // Once linked, the phone code reaches the same (bank) account.
      const again = await otpLogin(mobile);
      expect(body(again)).toMatchObject({ code: 0, data: { nuid: 'bank-link-1' } });
    });

    it('a phone-code log-in for a bank customer’s mobile joins the bank account (the reverse case)', async () => {
      const mobile = mobileNo();
      const bank = await ticketLogin(ticket('bank-first-1', mobile));
      expect(body(bank).code).toBe(0);
      const otp = await otpLogin(mobile);
      expect(body(otp)).toMatchObject({ code: 0, data: { nuid: 'bank-first-1', loginMethod: 'otp' } });
      expect(await users({ mobile })).toHaveLength(1);
    });

    it('another bank uid never takes over a linked account: the bank moves the number, the prizes stay', async () => {
      const mobile = mobileNo();
      const first = await ticketLogin(ticket('bank-old-owner', mobile));
      const firstCookie = cookieOf(first);
      await post('/bmcs/api/v2/lottery?corpId=demo', { actId: 'wheel-spring' }, firstCookie, {
        'idempotency-key': randomUUID(),
      });
      const prizesOfFirst = await myPrizes(firstCookie);

      const second = await ticketLogin(ticket('bank-new-owner', mobile));
      expect(body(second)).toMatchObject({
        code: 0,
        data: { nuid: 'bank-new-owner', mobileMasked: expect.any(String) },
      });
      expect(await myPrizes(cookieOf(second))).toEqual([]);
      const [oldOwner] = await users({ nuid: 'bank-old-owner' });
      expect(oldOwner?.mobile).toBeNull();
      expect((await users({ mobile }))[0]?.nuid).toBe('bank-new-owner');
      // The old owner still logs in from the bank app and keeps what they won.
      expect(await myPrizes(cookieOf(await ticketLogin(ticket('bank-old-owner'))))).toEqual(prizesOfFirst);
    });

    it('a bank customer whose ticket now carries a mobile gets it recorded', async () => {
      const mobile = mobileNo();
      expect(body(await ticketLogin(ticket('bank-no-mobile'))).code).toBe(0);
      const res = await ticketLogin(ticket('bank-no-mobile', mobile));
      expect(body(res)).toMatchObject({ code: 0, data: { nuid: 'bank-no-mobile' } });
      expect((await users({ mobile }))[0]?.nuid).toBe('bank-no-mobile');
    });
  });

  describe('bursts never answer 500', () => {
    it.each([10, 50])(
      '%i simultaneous first phone-code log-ins of one new phone: all succeed, one account',
      async (n) => {
        const mobile = mobileNo();
        const answers = await Promise.all(Array.from({ length: n }, () => otpLogin(mobile)));
        expect(tally(answers)).toEqual({ 0: n });
        const accounts = await users({ mobile });
        expect(accounts).toHaveLength(1);
        expect(new Set(answers.map((r) => body<{ nuid: string }>(r).data.nuid))).toEqual(new Set([accounts[0]?.nuid]));
      },
    );

    it.each([10, 50])(
      '%i simultaneous first ticket log-ins of one new bank customer: all succeed, one account',
      async (n) => {
        const uid = `bank-burst-${n}-${randomUUID().slice(0, 8)}`;
        const mobile = mobileNo();
        const answers = await Promise.all(Array.from({ length: n }, () => ticketLogin(ticket(uid, mobile))));
        expect(tally(answers)).toEqual({ 0: n });
        expect(await users({ nuid: uid })).toHaveLength(1);
      },
    );

    it('20 simultaneous first chat-platform log-ins of one open id: all succeed, one account', async () => {
      const code = `wx-burst-${randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post('/bmcs/api/auth/openid?corpId=demo', { code })),
      );
      expect(tally(answers)).toEqual({ 0: 20 });
      const openIds = new Set(answers.map((r) => body<string>(r).data));
      expect(openIds.size).toBe(1);
      const [openId = ''] = openIds;
      expect(
        await t.database.db.selectFrom('app_user').select('id').where('open_id', '=', openId).execute(),
      ).toHaveLength(1);
    });

    it('simultaneous first log-ins by ticket and by phone code of one customer end in one account', async () => {
      const mobile = mobileNo();
      const uid = `bank-mixed-${randomUUID().slice(0, 8)}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? otpLogin(mobile) : ticketLogin(ticket(uid, mobile)))),
      );
      expect(tally(answers)).toEqual({ 0: 20 });
      const accounts = await users({ mobile });
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.nuid).toBe(uid);
    });

    it('one ticket fired 200 times at once: one session, 199 × 401 replayed', async () => {
      const tk = ticket(`bank-replay-${randomUUID().slice(0, 8)}`, mobileNo());
      const answers = await Promise.all(Array.from({ length: 200 }, () => ticketLogin(tk)));
      expect(tally(answers)).toEqual({ 0: 1, 1004: 199 });
      expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(199);
    });

    it('10 simultaneous code sends for one phone: one code goes out, the rest are told to wait', async () => {
      const mobile = mobileNo();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post('/bmcs/api/auth/otp/send?corpId=demo', { mobile })),
      );
      expect(tally(answers)).toEqual({ 0: 1, 1008: 9 });
    });
  });
});

describe.each(kinds)('one code, used by simultaneous log-ins, on %s', (kind) => {
  it('logs in once; the others find the code used', async () => {
    const sent: string[] = [];
    const t = await startTestApp(kind, {
      otpSender: { send: async ({ code }) => void sent.push(code) },
      config: testConfig({ demoMode: false }),
    });
    try {
      const mobile = '13500000001';
      const send = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/auth/otp/send?corpId=demo',
        headers: H5,
        payload: { mobile },
      });
      expect(body(send).code).toBe(0);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/bmcs/api/auth/otp/login?corpId=demo',
            headers: H5,
            payload: { mobile, code: sent[0] },
            remoteAddress: `10.77.0.${i + 1}`,
          }),
        ),
      );
      expect(tally(answers)).toEqual({ 0: 1, 1006: 9 });
    } finally {
      await t.close();
    }
  });
});
