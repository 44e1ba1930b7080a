import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, cookieJar, countRows, dialects, H5, startTestApp, type TestApp } from '../testing/harness';
import { findNul } from './input-guard';

const kinds = await dialects();
const NUL = '\u0000';

describe('findNul', () => {
  it('names the first string or key holding U+0000, at any depth', () => {
    expect(findNul({ a: 'ok', b: [1, 'x', { c: `y${NUL}` }] }, 'body')).toBe('body.b.2.c');
    expect(findNul({ [`k${NUL}`]: 'v' }, 'body')).toBe('body.k\\0');
    expect(findNul(['fine', 2, true, null], 'query')).toBeNull();
    expect(findNul(undefined, 'body')).toBeNull();
  });
});

describe.each(kinds)('U+0000 in any input is bad input, never a 500, on %s', (kind) => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      headers: H5,
      payload: { mobile: '13800138000', code: '123456' },
    });
    const jar = cookieJar();
    jar.take(res);
    cookie = jar.header();
  });
  afterAll(async () => t?.close());

  const rows = async () => ({
    visits: await countRows(t.database, 'page_visit'),
    events: await countRows(t.database, 'tracking_event'),
    draws: await countRows(t.database, 'draw'),
  });

  const cases: { name: string; url: string; payload?: object; headers?: Record<string, string>; field: string }[] = [
    {
      name: 'exchange',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      payload: { awardId: `a${NUL}` },
      headers: { 'idempotency-key': randomUUID() },
      field: 'body.awardId',
    },
    {
      name: 'cgroup check',
      url: '/bmcs/api/cgroup/check?corpId=demo',
      payload: { cgroupIds: ['vip', `v${NUL}ip`] },
      field: 'body.cgroupIds.1',
    },
    {
      name: 'webpage visit',
      url: '/bmcs/api/v2/webpage/visit?corpId=demo',
      payload: { actId: `wheel-spring${NUL}`, visitType: 'PV' },
      field: 'body.actId',
    },
    {
      name: 'tracking event name',
      url: '/bmcs/api/track/events?corpId=demo',
      payload: { events: [{ event: 'ok' }, { event: `click${NUL}` }] },
      field: 'body.events.1.event',
    },
    {
      name: 'tracking event parameter',
      url: '/bmcs/api/track/events?corpId=demo',
      payload: { events: [{ event: 'click', params: { where: `x${NUL}y` } }] },
      field: 'body.events.0.params.where',
    },
    {
      name: 'rocc deviceId',
      url: '/bmcs/api/rocc/lottery?corpId=demo',
      payload: { actId: 'wheel-spring', deviceId: `dev${NUL}` },
      headers: { 'idempotency-key': randomUUID() },
      field: 'body.deviceId',
    },
    {
      name: 'corpId in the query',
      url: '/bmcs/api/v2/webpage/visit?corpId=demo%00',
      payload: { actId: 'wheel-spring', visitType: 'PV' },
      field: 'query.corpId',
    },
    {
      name: 'a query field',
      url: '/bmcs/api/v3/activity/detail?corpId=demo&actId=wheel%00',
      field: 'query.actId',
    },
  ];

  it.each(cases)('$name', async ({ url, payload, headers, field }) => {
    const before = await rows();
    const res = await t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      payload,
      headers: { ...H5, cookie, 'accept-language': 'en-US', ...headers },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({
      code: 400,
      data: `The request is invalid: ${field} must not contain the NUL character (U+0000)`,
    });
    expect(await rows()).toEqual(before);
  });

  it('in the corpId cookie (read before any query runs), in the user language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/webpage/visit',
      payload: { actId: 'wheel-spring', visitType: 'PV' },
      headers: { ...H5, cookie: 'corpId=demo%00' },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, data: '请求参数有误：cookie.corpId 不能包含空字符（U+0000）' });
  });

  it('in a header a handler reads (the idempotency key)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/lottery?corpId=demo',
      payload: { actId: 'wheel-spring' },
      headers: { ...H5, cookie, 'idempotency-key': `k${NUL}` },
    });
    expect(res.statusCode).toBe(400);
    expect(body<string>(res).data).toContain('header.idempotency-key');
  });
});
