import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { body, cookieJar, countRows, dialects, H5, startTestApp, type TestApp } from '../testing/harness';
import { SERVER_SIGNATURE_HEADER, serverSignature } from './server-caller';

const kinds = await dialects();
const DEMO_SECRET = 'demo-app-secret-please-change-0001';

/** Sends raw bytes and reads until the server closes: for what Node's parser refuses before Fastify. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => {
      out += d.toString('utf8');
    });
    socket.on('close', () => resolve(out));
    socket.on('error', (err) => (out ? resolve(out) : reject(err)));
    socket.write(text);
  });
}

function parseRaw(text: string) {
  const [head = '', payload = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, json: JSON.parse(payload) as unknown };
}

describe('the framework’s own refusals come in the envelope', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => t?.close());

  it('431 for headers too large (raw socket), in the language the request asked for', async () => {
    const big = 'x'.repeat(20_000);
    const zh = parseRaw(
      await rawRequest(port, `GET /bmcs/api/system/time HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`),
    );
    expect(zh.status).toBe(431);
    expect(zh.json).toEqual({ code: 431, data: '请求头过大' });
    const en = parseRaw(
      await rawRequest(
        port,
        `GET /bmcs/api/system/time HTTP/1.1\r\nHost: a\r\nAccept-Language: en-US\r\nX-Big: ${big}\r\n\r\n`,
      ),
    );
    expect(en.json).toEqual({ code: 431, data: 'The request headers are too large' });
  });

  it('400 for a request line the parser cannot read (raw socket)', async () => {
    const res = parseRaw(await rawRequest(port, 'BROKEN\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 400, data: '请求参数有误' });
    expect(res.head).toContain('application/json');
  });

  it('400 for a bad content-length, bad JSON; 413; 415; 404 — each the catalogue’s message', async () => {
    const post = (payload: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/webpage/visit?corpId=demo',
        payload,
        headers: { ...H5, ...headers },
      });
    const badJson = await post('{"actId":', { 'content-type': 'application/json' });
    expect([badJson.statusCode, body(badJson)]).toEqual([400, { code: 40001, data: '请求内容不是有效的 JSON' }]);
    const tooBig = await post(JSON.stringify({ actId: 'x'.repeat(70_000) }), { 'content-type': 'application/json' });
    expect([tooBig.statusCode, body(tooBig)]).toEqual([413, { code: 413, data: '请求内容过大' }]);
    const media = await post('actId=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect([media.statusCode, body(media).code]).toEqual([415, 40002]);
    const notFound = await t.app.inject({ url: '/bmcs/api/nope', headers: { 'accept-language': 'en-US' } });
    expect([notFound.statusCode, body(notFound)]).toEqual([404, { code: 404, data: 'Not found' }]);
    // A content-length that is not a number: Node's parser refuses it before Fastify sees a request.
    const cl = parseRaw(
      await rawRequest(
        port,
        'POST /bmcs/api/track/events?corpId=demo HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n' +
          'Content-Length: abc\r\nx-campaign-client: h5\r\n\r\n{}',
      ),
    );
    expect(cl.status).toBe(400);
    expect(cl.json).toEqual({ code: 400, data: '请求参数有误' });
  });
});

describe.each(kinds)('identity and anonymous writes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      config: testConfig({ rateLimits: { loginPerMinute: 1000, drawPerSecond: 20, trackingPerMinute: 30 } }),
    });
  });
  afterAll(async () => t?.close());

  async function login(mobile: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      headers: H5,
      payload: { mobile, code: '123456' },
    });
    const jar = cookieJar();
    jar.take(res);
    return { cookie: jar.header(), encid: jar.get('encid') ?? '', nuid: body<{ nuid: string }>(res).data.nuid };
  }
  const decrypt = (data: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/bmcs/api/common/decrypt?corpId=demo',
      payload: { data },
      headers: { ...H5, ...headers },
    });

  describe('/common/decrypt', () => {
    it('opens an encid for the customer it belongs to only', async () => {
      const a = await login('13811110001');
      const b = await login('13811110002');
      expect(body(await decrypt(a.encid, { cookie: a.cookie }))).toEqual({ code: 0, data: { plain: a.nuid } });
      const anonymous = await decrypt(a.encid);
      expect([anonymous.statusCode, body(anonymous).code]).toEqual([401, 401]);
      // Someone else's value and junk get the same answer: nothing is revealed.
      const other = await decrypt(a.encid, { cookie: b.cookie });
      const junk = await decrypt('bm90IHNlYWxlZA', { cookie: b.cookie });
      expect(body(other)).toEqual({ code: 1010, data: '解密失败' });
      expect(body(junk)).toEqual(body(other));
    });

    it('opens any value of the corp for its back end, signed with the corp secret and fresh', async () => {
      const a = await login('13811110003');
      const now = Math.floor(t.clock.now / 1000);
      const signed = await decrypt(a.encid, {
        [SERVER_SIGNATURE_HEADER]: serverSignature(DEMO_SECRET, 'demo', now, a.encid),
      });
      expect(body(signed)).toEqual({ code: 0, data: { plain: a.nuid } });
      const stale = serverSignature(DEMO_SECRET, 'demo', now - 301, a.encid);
      expect(body(await decrypt(a.encid, { [SERVER_SIGNATURE_HEADER]: stale })).code).toBe(401);
      const forged = serverSignature('not-the-corp-secret-000', 'demo', now, a.encid);
      expect(body(await decrypt(a.encid, { [SERVER_SIGNATURE_HEADER]: forged })).code).toBe(401);
      const otherPayload = serverSignature(DEMO_SECRET, 'demo', now, 'something-else');
      expect(body(await decrypt(a.encid, { [SERVER_SIGNATURE_HEADER]: otherPayload })).code).toBe(401);
    });
  });

  describe('page views and tracking', () => {
    const count = (table: 'page_visit' | 'tracking_event') => countRows(t.database, table);
    const visit = (corpId: string, actId: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/bmcs/api/v2/webpage/visit?corpId=${corpId}`,
        payload: { actId, visitType: 'PV' },
        headers: { ...H5, ...headers },
        remoteAddress: '10.66.0.1',
      });

    it('a page view of an activity that does not exist is a 404 and stores nothing', async () => {
      const before = await count('page_visit');
      const res = await visit('demo', 'no-such-activity', { 'accept-language': 'en-US' });
      expect([res.statusCode, body(res)]).toEqual([404, { code: 404, data: 'Not found: activity no-such-activity' }]);
      // Another corp's activity does not exist for this one either.
      const foreign = await visit('demo-gray', 'wheel-spring');
      expect(foreign.statusCode).toBe(404);
      const known = await visit('demo', 'wheel-spring');
      expect(body(known)).toEqual({ code: 0, data: null });
      expect(await count('page_visit')).toBe(before + 1);
    });

    it('one anonymous client cannot grow the tables without limit: rows stop at the per-client allowance', async () => {
      const before = { events: await count('tracking_event'), visits: await count('page_visit') };
      const events = Array.from({ length: 50 }, (_, i) => ({ event: `e${i}`, params: { i } }));
      const fire = async (n: number, track: boolean) => {
        const statuses: number[] = [];
        for (let i = 0; i < n; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: track ? '/bmcs/api/track/events?corpId=demo' : '/bmcs/api/v2/webpage/visit?corpId=demo',
            payload: track ? { events } : { actId: 'wheel-spring', visitType: 'PV' },
            headers: H5,
            remoteAddress: '10.66.0.2',
          });
          statuses.push(res.statusCode);
        }
        return statuses;
      };
      // Each kind of write has its allowance (30 a minute here) per client address.
      const tracked = await fire(60, true);
      const visited = await fire(60, false);
      for (const statuses of [tracked, visited]) {
        expect(statuses.slice(0, 30).every((c) => c === 200)).toBe(true);
        expect(statuses.slice(30).every((c) => c === 429)).toBe(true);
      }
      expect((await count('tracking_event')) - before.events).toBe(30 * 50);
      expect((await count('page_visit')) - before.visits).toBe(30);
      // A made-up session cookie does not buy a fresh allowance.
      const disguised = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/track/events?corpId=demo',
        payload: { events },
        headers: { ...H5, cookie: 'sid=made-up-session' },
        remoteAddress: '10.66.0.2',
      });
      expect(disguised.statusCode).toBe(429);
      // A batch above the cap is refused whole.
      const tooMany = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/track/events?corpId=demo',
        payload: { events: [...events, { event: 'one-more' }] },
        headers: H5,
        remoteAddress: '10.66.0.3',
      });
      expect(tooMany.statusCode).toBe(400);
    });
  });
});
