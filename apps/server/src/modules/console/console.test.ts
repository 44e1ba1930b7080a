import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_HOST,
  CONSOLE_ORIGIN,
  consoleSignIn,
  DEMO_CONSOLE,
  seedConsole,
  signInRaw,
} from '../../testing/console';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';
import { totpCode } from './totp';

const kinds = await dialects();

type Entry = {
  seq: number;
  action: string;
  subject: string | null;
  ip: string | null;
  actor: { id: string } | null;
  before: unknown;
  after: unknown;
};

describe.each(kinds)('console identity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
  });
  afterAll(async () => t?.close());

  const { admin, auditor, operator, approver } = DEMO_CONSOLE;
  const code = (secret: string) => totpCode(secret, t.clock.now);
  const auditOf = async (action: string) => {
    const a = await consoleSignIn(t, admin);
    const res = await a.get(`/console/audit?action=${action}&pageSize=100`);
    return body<{ items: Entry[] }>(res).data.items;
  };

  it('a password and the current TOTP code open a console session: its own Strict cookie, roles, a CSRF token', async () => {
    t.clock.advance(30_000);
    const res = await signInRaw(t, { login: 'operator', password: operator.password, totp: code(operator.totpSecret) });
    expect(body(res)).toMatchObject({
      code: 0,
      data: { corpId: 'demo', staffId: 'operator-chen', name: '陈运营', roles: ['operator'], method: 'password' },
    });
    const cookie = res.cookies.find((c) => c.name === 'console_sid');
    // Scoped to the console's API: it never travels with the H5's requests (ADR 0333).
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/bmcs/api/console' });
    expect(res.cookies.map((c) => c.name)).not.toContain('sid');
    expect(res.cookies.map((c) => c.name)).not.toContain('ssid');
    const me = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/console/me?corpId=demo',
      headers: { cookie: `console_sid=${cookie?.value}` },
    });
    expect(body<{ csrfToken: string; idleTimeoutMs: number }>(me).data).toMatchObject({
      csrfToken: body<{ csrfToken: string }>(res).data.csrfToken,
      idleTimeoutMs: 15 * 60_000,
    });
  });

  it('a code is accepted once: the same step again is refused', async () => {
    t.clock.advance(30_000);
    const input = { login: 'approver', password: approver.password, totp: code(approver.totpSecret) };
    expect(body(await signInRaw(t, input))).toMatchObject({ code: 0 });
    expect(body(await signInRaw(t, input))).toMatchObject({ code: 6001 });
  });

  it('an unknown login fails like a wrong password and is audited without an actor', async () => {
    const res = await signInRaw(t, { login: 'nobody-here', password: 'x-password-1', totp: '123456' });
    expect(body(res)).toEqual({ code: 6001, data: '登录名、密码或动态验证码不正确' });
    const [e] = await auditOf('console.sign-in-failed');
    expect(e).toMatchObject({ actor: null, after: { login: 'nobody-here', reason: 'unknown-login' } });
    expect(e?.ip).toMatch(/^10\.88\./);
  });

  it('every state-changing console call needs the session’s CSRF token; a GET does not', async () => {
    const a = await consoleSignIn(t, admin);
    expect((await a.get('/console/staff')).statusCode).toBe(200);
    const none = await a.post(
      '/console/staff/roles',
      { staffId: 'operator-chen', roles: ['operator'] },
      { 'x-csrf-token': '' },
    );
    expect(none.statusCode).toBe(403);
    expect(body(none)).toMatchObject({ code: 40302 });
    const other = await a.post(
      '/console/staff/roles',
      { staffId: 'operator-chen', roles: ['operator'] },
      { 'x-csrf-token': 'x'.repeat(32) },
    );
    expect(body(other)).toMatchObject({ code: 40302 });
    expect(body(await a.post('/console/staff/roles', { staffId: 'operator-chen', roles: ['operator'] }))).toMatchObject(
      { code: 0 },
    );
  });

  it('role AND corp on every call: an auditor cannot manage staff, a demo session is nobody in demo-gray, a customer or staff-ticket session is no console session', async () => {
    const au = await consoleSignIn(t, auditor);
    const res = await au.get('/console/staff');
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 5002 });
    expect((await au.get('/console/audit')).statusCode).toBe(200);
    const gray = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/console/me?corpId=demo-gray',
      headers: { cookie: au.cookie },
    });
    expect(gray.statusCode).toBe(401);
    const ssid = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const asStaff = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/console/me?corpId=demo',
      headers: { ...H5, cookie: ssid },
    });
    expect(asStaff.statusCode).toBe(401);
    const token = ssid.split('=')[1];
    const forged = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/console/me?corpId=demo',
      headers: { cookie: `console_sid=${token}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('idle 15 minutes ends the session; so do 8 hours, however busy', async () => {
    const op = await consoleSignIn(t, operator);
    t.clock.advance(14 * 60_000);
    expect((await op.get('/console/me')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    expect((await op.get('/console/me')).statusCode).toBe(401);
    const busy = await consoleSignIn(t, operator);
    for (let h = 0; h < 8 * 6; h++) {
      t.clock.advance(10 * 60_000);
      if ((await busy.get('/console/me')).statusCode !== 200) break;
    }
    expect((await busy.get('/console/me')).statusCode).toBe(401);
  });

  it('a read the page makes by itself (the kill-switch poll) does not keep an idle session alive', async () => {
    const op = await consoleSignIn(t, operator);
    const poll = () =>
      t.app.inject({
        method: 'GET',
        url: '/bmcs/api/console/settings?corpId=demo',
        headers: { cookie: op.cookie, 'x-console-background': '1' },
      });
    for (let m = 0; m < 3; m++) {
      t.clock.advance(5 * 60_000);
      expect((await poll()).statusCode).toBe(200);
    }
    // 15 minutes and a bit since the user last did anything: the polls did not count.
    t.clock.advance(60_000);
    expect((await poll()).statusCode).toBe(401);
    expect((await op.get('/console/me')).statusCode).toBe(401);
  });

  it('an admin adds a member: the first password and second factor are shown once, and they sign in with them', async () => {
    const a = await consoleSignIn(t, admin);
    const res = await a.post('/console/staff/add', {
      staffId: 'ops-liu',
      name: '刘运营',
      roles: ['operator'],
      login: 'liu.ops',
    });
    const added = body<{
      staff: { staffId: string; login: string };
      password: string;
      totp: { otpauthUri: string; qrSvg: string };
    }>(res);
    expect(added.code).toBe(0);
    expect(added.data.staff).toMatchObject({ staffId: 'ops-liu', login: 'liu.ops', active: true, totpEnrolled: true });
    expect(added.data.password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(added.data.totp.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(added.data.totp.qrSvg).toContain('<svg');
    const secret = new URL(added.data.totp.otpauthUri).searchParams.get('secret') ?? '';
    const liu = await consoleSignIn(t, {
      login: 'liu.ops',
      password: added.data.password,
      totpSecret: secret,
      staffId: 'ops-liu',
    });
    expect(body(await liu.get('/console/me')).data).toMatchObject({ roles: ['operator'] });
    expect(
      body(await a.post('/console/staff/add', { staffId: 'ops-liu', name: 'x', roles: ['operator'], login: 'liu2' })),
    ).toMatchObject({ code: 6101 });
    expect(
      body(await a.post('/console/staff/add', { staffId: 'ops-x', name: 'x', roles: ['operator'], login: 'liu.ops' })),
    ).toMatchObject({ code: 6102 });
    const [e] = await auditOf('staff.add');
    expect(e).toMatchObject({
      subject: 'ops-liu',
      actor: { id: 'admin-zhou' },
      before: null,
      after: { login: 'liu.ops', roles: ['operator'] },
    });
    expect(JSON.stringify(e)).not.toContain(added.data.password);
    expect(JSON.stringify(e)).not.toContain(secret);
  });

  it('roles change at the next call; disabling ends every session at once; a new second factor ends them too', async () => {
    const a = await consoleSignIn(t, admin);
    const ap = await consoleSignIn(t, approver);
    expect(
      body(await a.post('/console/staff/roles', { staffId: 'approver-wang', roles: ['approver', 'auditor'] })),
    ).toMatchObject({ code: 0 });
    expect((await ap.get('/console/audit')).statusCode).toBe(403);
    const ap2 = await consoleSignIn(t, approver);
    expect((await ap2.get('/console/audit')).statusCode).toBe(200);
    const [roles] = await auditOf('staff.roles');
    expect(roles).toMatchObject({ before: { roles: ['approver'] }, after: { roles: ['approver', 'auditor'] } });

    expect(body(await a.post('/console/staff/active', { staffId: 'approver-wang', active: false }))).toMatchObject({
      code: 0,
      data: { active: false },
    });
    expect((await ap2.get('/console/me')).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect(
      body(await signInRaw(t, { login: 'approver', password: approver.password, totp: code(approver.totpSecret) })),
    ).toMatchObject({ code: 6001 });
    await a.post('/console/staff/active', { staffId: 'approver-wang', active: true });
    await a.post('/console/staff/roles', { staffId: 'approver-wang', roles: ['approver'] });

    const ap3 = await consoleSignIn(t, approver);
    const reset = body<{ totp: { otpauthUri: string } }>(
      await a.post('/console/staff/reset-totp', { staffId: 'approver-wang' }),
    );
    expect(reset.code).toBe(0);
    expect((await ap3.get('/console/me')).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect(
      body(await signInRaw(t, { login: 'approver', password: approver.password, totp: code(approver.totpSecret) })),
    ).toMatchObject({ code: 6001 });
    const fresh = new URL(reset.data.totp.otpauthUri).searchParams.get('secret') ?? '';
    await consoleSignIn(t, { ...approver, totpSecret: fresh });
    // Put the demo secret back for the other suites' sake: a fresh database each run, so only this run.
  });

  it('an admin can neither disable themself nor drop their own admin role, and the last admin stays', async () => {
    const a = await consoleSignIn(t, admin);
    expect(body(await a.post('/console/staff/active', { staffId: 'admin-zhou', active: false }))).toMatchObject({
      code: 6104,
    });
    expect(body(await a.post('/console/staff/roles', { staffId: 'admin-zhou', roles: ['auditor'] }))).toMatchObject({
      code: 6104,
    });
    expect(body(await a.get('/console/staff?q=zhou')).data).toMatchObject({
      total: 1,
      items: [{ staffId: 'admin-zhou', roles: ['admin'] }],
    });
  });

  it('a sign-in does not leave a customer’s or staff member’s cookie behind, and sign-out ends only the console session', async () => {
    const op = await consoleSignIn(t, operator);
    const out = await op.post('/console/auth/sign-out');
    expect(body(out)).toEqual({ code: 0, data: null });
    // Cleared at the path it was set at (a clear at another path would leave it in the browser).
    expect(out.cookies.find((c) => c.name === 'console_sid')).toMatchObject({ value: '', path: '/bmcs/api/console' });
    expect((await op.get('/console/me')).statusCode).toBe(401);
    const [e] = await auditOf('console.sign-out');
    expect(e).toMatchObject({ subject: 'operator-chen' });
    expect(await countRows(t.database, 'console_session')).toBeGreaterThan(0);
  });

  it('the sign-in page learns the corp’s name and whether it has single sign-on', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/console/auth/options?corpId=demo',
      headers: { host: CONSOLE_HOST, origin: CONSOLE_ORIGIN },
    });
    expect(body(res)).toEqual({ code: 0, data: { corpName: '招财生活银行（演示）', sso: false } });
  });
});
