import { COOKIES } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { handOver } from '../../db/owners';
import { startConsoleSession } from '../../platform/console-session';
import {
  CONSOLE_HOST,
  CONSOLE_ORIGIN,
  type ConsoleClient,
  consoleClient,
  consoleSignIn,
  DEMO_CONSOLE,
  seedConsole,
  signInRaw,
} from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';
import { PAIR_ATTEMPTS } from './service';
import { totpCode } from './totp';

// 我的账户 (issue 34 §2, docs/decisions/0378-my-account.md): the signed-in member's own password, second
// factor and sign-ins, on both databases. Each test has a member of its own.

const kinds = await dialects();
const SLOW = 180_000;
const WRONG_PASSWORD = { code: 6008, data: '当前密码不正确', fields: { 'body.currentPassword': '当前密码不正确' } };
const THROTTLED = { code: 6011, data: '验证失败次数过多，请 15 分钟后再试' };

type Member = { staffId: string; login: string; password: string; totpSecret: string };

describe.each(kinds)('my account on %s', (kind) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
  }, SLOW);
  afterAll(async () => t?.close());

  /** A new operator with a local account, added as the admin would. */
  async function member(): Promise<Member> {
    n++;
    const staffId = `acct-${n}`;
    const password = `First-pass-${n}0`;
    const r = await t.services.console.staffAdmin.addStaff({ actor: null, ip: null }, 'demo', {
      staffId,
      name: `账户测试${n}`,
      roles: ['operator'],
      login: `acct.${n}`,
      password,
    });
    const totpSecret = new URL(r.totp.otpauthUri).searchParams.get('secret') ?? '';
    return { staffId, login: `acct.${n}`, password, totpSecret };
  }
  /** A client whose calls come from `ip` (the throttle counts per address). */
  const from = (c: ConsoleClient, ip: string) => ({
    post: (path: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/bmcs/api${path}?corpId=demo`,
        headers: { host: CONSOLE_HOST, cookie: c.cookie, origin: CONSOLE_ORIGIN, 'x-csrf-token': c.csrf },
        payload: payload as Record<string, unknown>,
        remoteAddress: ip,
      }),
  });
  const signInWith = (m: Member, password: string, secret: string) => {
    t.clock.advance(30_000);
    return signInRaw(t, { login: m.login, password, totp: totpCode(secret, t.clock.now) });
  };

  it(
    'password: a wrong current one is a field error and changes nothing; the right one keeps this session and ends the others',
    async () => {
      const m = await member();
      const other = await consoleSignIn(t, m);
      const me = await consoleSignIn(t, m);
      const wrong = await from(me, '10.61.0.1').post('/console/account/password', {
        currentPassword: 'not-my-password-1',
        newPassword: 'Second-pass-2026',
      });
      expect(body(wrong)).toEqual(WRONG_PASSWORD);
      // The policy, under the new password's input; nothing counted for it.
      const weak = await me.post('/console/account/password', {
        currentPassword: m.password,
        newPassword: 'abcdefghij',
      });
      expect(body(weak)).toMatchObject({ code: 400, fields: { 'body.newPassword': '密码至少 10 位，且含字母和数字' } });
      const same = await me.post('/console/account/password', { currentPassword: m.password, newPassword: m.password });
      expect(body(same)).toMatchObject({ code: 400, fields: { 'body.newPassword': '新密码不能与当前密码相同' } });
      expect(body(await other.get('/console/me')).code).toBe(0);

      const ok = await me.post('/console/account/password', {
        currentPassword: m.password,
        newPassword: 'Second-pass-2026',
      });
      expect(body(ok)).toEqual({ code: 0, data: { otherSessionsEnded: 1 } });
      expect(body(await me.get('/console/me')).code).toBe(0);
      expect((await other.get('/console/me')).statusCode).toBe(401);
      expect(body(await signInWith(m, m.password, m.totpSecret))).toMatchObject({ code: 6001 });
      expect(body(await signInWith(m, 'Second-pass-2026', m.totpSecret))).toMatchObject({ code: 0 });
      const mine = await t.services.audit.list('demo', { subject: m.staffId }, 1, 50);
      const actions = mine.items.map((e) => e.action);
      expect(actions).toContain('console.password-change');
      expect(actions).toContain('console.account-check-failed');
      // No secret in the log: neither password, typed right or wrong, nor a hash.
      const text = JSON.stringify(mine.items);
      for (const secret of [m.password, 'Second-pass-2026', 'not-my-password-1', 'scrypt$'])
        expect(text).not.toContain(secret);
    },
    SLOW,
  );

  it(
    'twenty wrong current passwords at once from one address: five are checked, the rest throttled, the right one too',
    async () => {
      const m = await member();
      const me = await consoleSignIn(t, m);
      const ip = '10.62.0.1';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          from(me, ip).post('/console/account/password', {
            currentPassword: 'not-my-password-1',
            newPassword: 'Second-pass-2026',
          }),
        ),
      );
      const codes = answers.map((r) => body(r).code);
      expect(codes.filter((c) => c === 6008)).toHaveLength(PAIR_ATTEMPTS);
      expect(codes.filter((c) => c === 6011)).toHaveLength(20 - PAIR_ATTEMPTS);
      const right = await from(me, ip).post('/console/account/password', {
        currentPassword: m.password,
        newPassword: 'Second-pass-2026',
      });
      expect(body(right)).toEqual(THROTTLED);
      // The same counters as the sign-in: this login is refused from this address there too.
      t.clock.advance(30_000);
      const signIn = await signInRaw(
        t,
        { login: m.login, password: m.password, totp: totpCode(m.totpSecret, t.clock.now) },
        'demo',
        ip,
      );
      expect(body(signIn)).toMatchObject({ code: 6002 });
      // Nothing changed: the first password still signs in (from elsewhere).
      expect(body(await signInWith(m, m.password, m.totpSecret))).toMatchObject({ code: 0 });
    },
    SLOW,
  );

  it(
    'second factor: a real QR code of a new secret, in force only once a code from it and the password come back',
    async () => {
      const m = await member();
      const other = await consoleSignIn(t, m);
      const me = await consoleSignIn(t, m);
      const started = body<{ otpauthUri: string; qrSvg: string; pending: string }>(
        await me.post('/console/account/totp/start', {}),
      );
      expect(started.code).toBe(0);
      expect(started.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      const secret = new URL(started.data.otpauthUri).searchParams.get('secret') ?? '';
      expect(secret).not.toBe(m.totpSecret);
      const confirm = (payload: Record<string, string>) =>
        from(me, '10.63.0.1').post('/console/account/totp/confirm', { pending: started.data.pending, ...payload });

      t.clock.advance(30_000);
      const wrongCode = await confirm({ currentPassword: m.password, code: totpCode(m.totpSecret, t.clock.now) });
      expect(body(wrongCode)).toEqual({ code: 6009, data: '验证码不正确', fields: { 'body.code': '验证码不正确' } });
      const wrongPassword = await confirm({
        currentPassword: 'not-my-password-1',
        code: totpCode(secret, t.clock.now),
      });
      expect(body(wrongPassword)).toEqual(WRONG_PASSWORD);
      // Another member's pending factor is refused.
      const someone = await consoleSignIn(t, await member());
      const stolen = await someone.post('/console/account/totp/confirm', {
        pending: started.data.pending,
        currentPassword: m.password,
        code: totpCode(secret, t.clock.now),
      });
      expect(body(stolen)).toMatchObject({ code: 6010 });
      // Nothing changed so far: the old factor still signs in.
      expect(body(await signInWith(m, m.password, m.totpSecret))).toMatchObject({ code: 0 });

      const ok = await confirm({ currentPassword: m.password, code: totpCode(secret, t.clock.now) });
      expect(body(ok)).toEqual({ code: 0, data: { otherSessionsEnded: 2 } });
      expect(body(await me.get('/console/me')).code).toBe(0);
      expect((await other.get('/console/me')).statusCode).toBe(401);
      expect(body(await signInWith(m, m.password, m.totpSecret))).toMatchObject({ code: 6001 });
      expect(body(await signInWith(m, m.password, secret))).toMatchObject({ code: 0 });
      // A pending factor is good for 10 minutes.
      const late = body<{ pending: string }>(await me.post('/console/account/totp/start', {}));
      t.clock.advance(10 * 60_000 + 1);
      const expired = await me.post('/console/account/totp/confirm', {
        pending: late.data.pending,
        currentPassword: m.password,
        code: '123456',
      });
      expect(body(expired)).toMatchObject({ code: 6010, data: '二维码已过期，请重新生成' });
      const log = JSON.stringify((await t.services.audit.list('demo', { subject: m.staffId }, 1, 50)).items);
      expect(log).toContain('console.totp-change');
      expect(log).not.toContain(secret);
    },
    SLOW,
  );

  it(
    'my sign-ins: mine only, newest first, failures with their reason, paged',
    async () => {
      const m = await member();
      t.clock.advance(30_000);
      await signInRaw(t, { login: m.login, password: 'wrong-password-1', totp: '000000' }, 'demo', '10.64.0.9');
      const me = await consoleSignIn(t, m);
      const at = t.clock.now;
      await consoleSignIn(t, DEMO_CONSOLE.auditor);
      const page1 = body<{ total: number; items: unknown[] }>(await me.get('/console/account/sign-ins?pageSize=1'));
      expect(page1.data.total).toBe(2);
      expect(page1.data.items).toEqual([{ at, ip: expect.any(String), ok: true, method: 'password', reason: null }]);
      const page2 = body<{ items: unknown[] }>(await me.get('/console/account/sign-ins?pageSize=1&page=2'));
      expect(page2.data.items).toEqual([
        { at: expect.any(Number), ip: '10.64.0.9', ok: false, method: 'password', reason: 'password' },
      ]);
      const acc = body(await me.get('/console/account'));
      expect(acc).toMatchObject({ code: 0, data: { staffId: m.staffId, login: m.login, method: 'password' } });
    },
    SLOW,
  );

  it(
    'single sign-on only: no password to change here, and none is changed',
    async () => {
      const now = t.clock.now;
      await t.services.staff.admin.add(handOver(t.database.db as never), {
        corpId: 'demo',
        id: 'sso-only-1',
        name: '单点登录员工',
        roles: ['operator'],
        now,
      });
      const s = await startConsoleSession(t.database.db, {
        corpId: 'demo',
        staffId: 'sso-only-1',
        roles: ['operator'],
        method: 'sso',
        now,
        cfg: testConfig().consoleSession,
        previousToken: undefined,
      });
      const sso = consoleClient(t, `${COOKIES.consoleSession}=${s.token}`, s.csrfToken, 'sso-only-1');
      expect(body(await sso.get('/console/account'))).toMatchObject({ code: 0, data: { login: null, method: 'sso' } });
      const tried = await sso.post('/console/account/password', {
        currentPassword: 'anything-1',
        newPassword: 'Second-pass-2026',
      });
      expect(body(tried)).toMatchObject({ code: 6105 });
      expect(body(await sso.post('/console/account/totp/start', {}))).toMatchObject({ code: 6105 });
    },
    SLOW,
  );
});
