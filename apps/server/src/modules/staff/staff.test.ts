import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealTicket as signTicket } from '../../platform/signed-ticket';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { DEMO_SECRETS, staffLogin, staffTicket } from '../../testing/staff';

const kinds = await dialects();

describe.each(kinds)('staff identity on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { login, publish } = campaignActions(() => t);

  const me = (cookie: string, corp = 'demo') =>
    t.app.inject({ method: 'GET', url: `/bmcs/api/staff/me?corpId=${corp}`, headers: { ...H5, cookie } });
  const staffLoginRaw = (ticket: string, corp = 'demo', ip = '10.66.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/staff/login?corpId=${corp}`,
      headers: H5,
      payload: { ticket },
      remoteAddress: ip,
    });

  it('a staff ticket of a listed member opens a staff session with the roles it carries', async () => {
    const cookie = await staffLogin(t, 'demo', 'approver-zhao', ['approver']);
    expect(cookie).toMatch(/ssid=/);
    expect(cookie).not.toMatch(/(^|; )sid=/);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({
      corpId: 'demo',
      staffId: 'approver-zhao',
      name: '赵主管',
      roles: ['approver'],
      stores: [],
    });
  });

  it('a customer session gets 403 STAFF_ONLY, in the user’s language; no session gets 401', async () => {
    const cookie = await login();
    const res = await me(cookie);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toEqual({ code: 5001, data: '此功能仅限工作人员使用，请使用工作人员身份登录' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/staff/me?corpId=demo',
      headers: { ...H5, cookie, 'accept-language': 'en-US' },
    });
    expect(body(en).data).toBe('This is for staff only: please log in as staff');
    const none = await me('');
    expect(none.statusCode).toBe(401);
  });

  it('a customer session cookie presented as a staff cookie is no staff session, even with colliding ids', async () => {
    // A bank customer whose uid equals a staff id logs in with a customer ticket: a customer, not staff.
    const res0 = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/ticket?corpId=demo',
      headers: H5,
      payload: {
        ticket: signTicket(DEMO_SECRETS.demo ?? '', {
          corpId: 'demo',
          uid: 'approver-wang',
          exp: Math.floor(t.clock.now / 1000) + 300,
          nonce: randomBytes(12).toString('hex'),
        }),
      },
      remoteAddress: '10.66.1.1',
    });
    expect(body(res0).code).toBe(0);
    const sid = res0.cookies.find((c) => c.name === 'sid')?.value ?? '';
    expect(body(await me(`sid=${sid}`)).code).toBe(5001);
    const res = await me(`ssid=${sid}`);
    expect(res.statusCode).toBe(401);
  });

  it('refuses the wrong kind of ticket, unknown staff, roles the list does not grant, replays and other corps', async () => {
    const sessionsBefore = await countRows(t.database, 'staff_session');
    const customerTicket = signTicket(DEMO_SECRETS.demo ?? '', {
      corpId: 'demo',
      uid: 'approver-wang',
      exp: Math.floor(t.clock.now / 1000) + 300,
      nonce: randomBytes(12).toString('hex'),
    });
    expect(body(await staffLoginRaw(customerTicket))).toMatchObject({ code: 1002 });
    // ...and a staff ticket never logs a customer in.
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/ticket?corpId=demo',
      headers: H5,
      payload: { ticket: staffTicket(t, 'demo', 'approver-wang', ['approver']) },
      remoteAddress: '10.66.0.2',
    });
    expect(body(asCustomer)).toMatchObject({ code: 1002 });
    expect(body(await staffLoginRaw(staffTicket(t, 'demo', 'nobody', ['approver'])))).toMatchObject({ code: 5003 });
    const promoted = await staffLoginRaw(staffTicket(t, 'demo', 'approver-wang', ['operator']));
    expect(promoted.statusCode).toBe(403);
    expect(body(promoted)).toMatchObject({ code: 5002 });
    const once = staffTicket(t, 'demo', 'approver-wang', ['approver']);
    expect(body(await staffLoginRaw(once))).toMatchObject({ code: 0 });
    expect(body(await staffLoginRaw(once, 'demo', '10.66.0.3'))).toMatchObject({ code: 1004 });
    // A demo ticket presented to demo-gray, and a demo-gray member's ticket signed with demo's secret.
    expect(body(await staffLoginRaw(staffTicket(t, 'demo', 'approver-wang', ['approver']), 'demo-gray'))).toMatchObject(
      {
        code: 1002,
      },
    );
    expect(
      body(await staffLoginRaw(staffTicket(t, 'demo-gray', 'approver-gray', ['approver'], 'demo'), 'demo-gray')),
    ).toMatchObject({ code: 1002 });
    expect(await countRows(t.database, 'staff_session')).toBe(sessionsBefore + 1);
  });

  it('a staff session of corp demo is nothing in corp demo-gray', async () => {
    const cookie = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    expect((await me(cookie, 'demo-gray')).statusCode).toBe(401);
    expect((await me(cookie, 'demo')).statusCode).toBe(200);
  });

  it('leaving the staff list ends access at the next request; log-out ends the staff session only', async () => {
    const customer = await login();
    const staff = await staffLogin(t, 'demo', 'operator-chen', ['operator']);
    expect((await me(staff)).statusCode).toBe(200);
    await publish(`staff:\n  - corp: demo\n    id: approver-wang\n    name: 王审批\n    roles: [approver]\n`);
    expect((await me(staff)).statusCode).toBe(401);
    await publish(`staff:\n  - corp: demo\n    id: operator-chen\n    name: 陈运营\n    roles: [operator]\n`);
    const again = await staffLogin(t, 'demo', 'operator-chen', ['operator']);
    const both = `${customer}; ${again}`;
    const out = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/staff/logout?corpId=demo',
      headers: { ...H5, cookie: both },
    });
    expect(body(out)).toEqual({ code: 0, data: null });
    expect((await me(again)).statusCode).toBe(401);
    const session = await t.app.inject({
      method: 'GET',
      url: '/bmcs/api/auth/session?corpId=demo',
      headers: { ...H5, cookie: customer },
    });
    expect(body(session).data).not.toBeNull();
  });
});
