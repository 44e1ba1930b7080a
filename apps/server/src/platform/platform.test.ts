import { BASE_PATH, endpoints, resolvePath } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, dialects, H5, startTestApp, type TestApp } from '../testing/harness';

const kinds = await dialects();

describe.each(kinds)('platform on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const countRows = async (table: 'page_visit' | 'tracking_event' | 'otp_code' | 'app_user' | 'session') => {
    const r = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };

  it('answers health with the database kind', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('registers a route for every endpoint of the table, under each version it is served at', () => {
    for (const [name, ep] of Object.entries(endpoints)) {
      const versions = ep.version === 'versioned' ? (['v2', 'v3'] as const) : (['v2'] as const);
      for (const v of versions) {
        const url = BASE_PATH + resolvePath(ep, v);
        expect(t.app.hasRoute({ method: ep.method, url }), `${name} ${ep.method} ${url}`).toBe(true);
      }
    }
  });

  it('lists every endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/bmcs/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const ep of Object.values(endpoints)) {
      const path = BASE_PATH + resolvePath(ep, 'v2');
      expect(doc.paths[path]?.[ep.method.toLowerCase()], path).toBeDefined();
    }
    const docs = await t.app.inject('/bmcs/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('serves the versioned path under v2 and v3', async () => {
    for (const v of ['v2', 'v3']) {
      const res = await t.app.inject(`/bmcs/api/${v}/group/eiop-check?corpId=demo&groupIds=eiop-south,nope`);
      expect(body(res)).toEqual({ code: 0, data: { passed: true, groups: ['eiop-south'] } });
    }
    const other = await t.app.inject('/bmcs/api/v3/group/eiop-check?corpId=demo&groupIds=nope');
    expect(body(other).data).toEqual({ passed: false, groups: [] });
  });

  it('refuses an unknown corp and a missing corp in the user language', async () => {
    const zh = await t.app.inject('/bmcs/api/corp/white-check?corpId=ghost');
    expect(zh.statusCode).toBe(400);
    expect(body(zh)).toEqual({ code: 1001, data: '机构号不存在：ghost' });
    const en = await t.app.inject({
      url: '/bmcs/api/corp/white-check?corpId=ghost',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(body(en)).toEqual({ code: 1001, data: 'Unknown corpId: ghost' });
    const missing = await t.app.inject('/bmcs/api/corp/white-check');
    expect(missing.statusCode).toBe(400);
    expect(body(missing).code).toBe(1000);
  });

  it('takes corpId from the cookie when the query has none', async () => {
    const res = await t.app.inject({ url: '/bmcs/api/corp/white-check', cookies: { corpId: 'demo' } });
    expect(body(res)).toEqual({ code: 0, data: { white: true } });
    const gray = await t.app.inject('/bmcs/api/corp/white-check?corpId=demo-gray');
    expect(body(gray)).toEqual({ code: 0, data: { white: false } });
  });

  describe('bad input never stores anything and never answers 500', () => {
    const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...H5, ...headers },
      });

    it('malformed JSON', async () => {
      const before = await countRows('page_visit');
      const res = await post('/bmcs/api/v2/webpage/visit?corpId=demo', '{"actId": ');
      expect(res.statusCode).toBe(400);
      expect(body(res)).toEqual({ code: 40001, data: '请求内容不是有效的 JSON' });
      expect(await countRows('page_visit')).toBe(before);
    });

    it('wrong types and missing fields name the field', async () => {
      const before = await countRows('page_visit');
      const wrong = await post('/bmcs/api/v2/webpage/visit?corpId=demo', JSON.stringify({ actId: 5, visitType: 'PV' }));
      expect(wrong.statusCode).toBe(400);
      expect(body(wrong).code).toBe(400);
      expect(body(wrong).data).toContain('body.actId');
      const missing = await post('/bmcs/api/v2/webpage/visit?corpId=demo', JSON.stringify({ actId: 'a1' }), {
        'accept-language': 'en',
      });
      expect(body(missing).data).toMatch(/^The request is invalid: body\.visitType/);
      const phone = await post('/bmcs/api/auth/otp/send?corpId=demo', JSON.stringify({ mobile: '12345' }));
      expect(body(phone).data).toBe('请求参数有误：body.mobile 请输入正确的 11 位手机号');
      expect(await countRows('page_visit')).toBe(before);
      expect(await countRows('otp_code')).toBe(0);
    });

    it('oversize bodies are refused with 413', async () => {
      const big = JSON.stringify({ events: [{ event: 'x', params: { p: 'y'.repeat(70 * 1024) } }] });
      const res = await post('/bmcs/api/track/events?corpId=demo', big);
      expect(res.statusCode).toBe(413);
      expect(body(res).code).toBe(413);
      expect(await countRows('tracking_event')).toBe(0);
    });

    it('a non-JSON content type is refused with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/track/events?corpId=demo',
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...H5 },
      });
      expect(res.statusCode).toBe(415);
      expect(body(res).code).toBe(40002);
    });

    it('cross-origin POSTs are refused with 403; same-origin and the client header pass', async () => {
      const payload = JSON.stringify({ actId: 'wheel-spring', visitType: 'PV' });
      const url = '/bmcs/api/v2/webpage/visit?corpId=demo';
      const evil = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', host: 'campaign.test' },
      });
      expect(evil.statusCode).toBe(403);
      expect(body(evil).code).toBe(40301);
      const bare = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(bare.statusCode).toBe(403);
      expect(await countRows('page_visit')).toBe(0);
      const same = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', origin: 'http://campaign.test', host: 'campaign.test' },
      });
      expect(body(same)).toEqual({ code: 0, data: null });
      const referer = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', referer: 'http://campaign.test/x', host: 'campaign.test' },
      });
      expect(referer.statusCode).toBe(200);
      expect(await countRows('page_visit')).toBe(2);
    });

    it('unknown API paths get an envelope 404', async () => {
      const res = await t.app.inject('/bmcs/api/nope?corpId=demo');
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ code: 404, data: '请求的资源不存在' });
      const del = await t.app.inject({ method: 'DELETE', url: '/bmcs/api/nope', headers: H5 });
      expect(del.statusCode).toBe(404);
    });
  });

  it('records tracking events from the bridge', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/track/events?corpId=demo',
      headers: H5,
      payload: { events: [{ event: 'draw_click', params: { actId: 'a1', n: 2 } }, { event: 'page_show' }] },
    });
    expect(body(res)).toEqual({ code: 0, data: { accepted: 2 } });
    const rows = await t.database.db.selectFrom('tracking_event').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.corp_id, r.event, r.params])).toEqual([
      ['demo', 'draw_click', '{"actId":"a1","n":2}'],
      ['demo', 'page_show', null],
    ]);
  });

  it('gray check tags a gray corp with the cookie and the flag follows the cookie', async () => {
    const gray = await t.app.inject('/bmcs/api/gray/check?corpId=demo-gray&scene=bmcs');
    expect(body(gray).data).toEqual({ gray: true });
    const tag = gray.cookies.find((c) => c.name === 'X-Tag');
    expect(tag?.value).toBe('gray-bmcs');
    const flag0 = await t.app.inject({
      url: '/bmcs/api/gray/flag?corpId=demo-gray',
      cookies: { 'X-Tag': 'gray-bmcs' },
    });
    expect(body(flag0).data).toEqual({ grayFlag: 0 });
    const flag1 = await t.app.inject('/bmcs/api/gray/flag?corpId=demo');
    expect(body(flag1).data).toEqual({ grayFlag: 1 });
    const notGray = await t.app.inject({
      url: '/bmcs/api/gray/check?corpId=demo&scene=bmcs',
      cookies: { 'X-Tag': 'gray-bmcs' },
    });
    expect(body(notGray).data).toEqual({ gray: false });
    const cleared = notGray.cookies.find((c) => c.name === 'X-Tag');
    expect(cleared?.value).toBe('');
    const badScene = await t.app.inject('/bmcs/api/gray/check?corpId=demo&scene=other');
    expect(badScene.statusCode).toBe(400);
  });

  it('exposes Prometheus metrics by route', async () => {
    await t.app.inject('/bmcs/api/system/time');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/bmcs\/api\/system\/time",status="200",worker="0"\} \d+/,
    );
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('echoes a request id on every response', async () => {
    const res = await t.app.inject({ url: '/bmcs/api/system/time', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const gen = await t.app.inject('/bmcs/api/system/time');
    expect(String(gen.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('liveness, readiness and draining', () => {
  it('/healthz answers without the database, /readyz with it, and a draining node fails readiness and closes connections', async () => {
    const t = await startTestApp('sqlite');
    try {
      expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready', database: 'sqlite' });
      t.app.drain();
      const ready = await t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', database: 'sqlite' });
      expect(ready.headers.connection).toBe('close');
      // Still serving what reaches it meanwhile.
      const time = await t.app.inject('/bmcs/api/system/time');
      expect(time.statusCode).toBe(200);
      expect(time.headers.connection).toBe('close');
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('load shedding', () => {
  it('answers 429 with Retry-After while the event loop is behind, never to the health checks', async () => {
    const { testConfig } = await import('../config');
    const t = await startTestApp('sqlite', { config: testConfig({ maxEventLoopDelayMs: 20 }) });
    try {
      // Starting the app kept the loop busy: served once a sample finds it caught up.
      const servedWithin = async (ms: number) => {
        for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
          if ((await t.app.inject('/bmcs/api/system/time')).statusCode === 200) return true;
        }
        return false;
      };
      expect(await servedWithin(3000)).toBe(true);
      // Block the event loop for 300 ms: the next sample (every 100 ms) sees the delay.
      const until = Date.now() + 300;
      while (Date.now() < until) {}
      await new Promise((r) => setTimeout(r, 0));
      const shed = await t.app.inject({ url: '/bmcs/api/system/time', headers: { 'accept-language': 'en-US' } });
      expect(shed.statusCode).toBe(429);
      expect(shed.headers['retry-after']).toBe('1');
      expect(body(shed)).toEqual({
        code: 42901,
        data: 'So many people are taking part right now: please try again shortly',
      });
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      expect((await t.app.inject('/readyz')).statusCode).toBe(200);
      // Caught up: served again after the next sample.
      expect(await servedWithin(3000)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('answers 429 at once when draws in progress reach the cap, and recovers', async () => {
    const { testConfig } = await import('../config');
    const t = await startTestApp('sqlite', { config: testConfig({ maxDrawsInFlight: 1 }) });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/auth/otp/login?corpId=demo',
        headers: H5,
        payload: { mobile: '13800138000', code: '123456' },
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const draw = (key: string) =>
        t.app.inject({
          method: 'POST',
          url: '/bmcs/api/v2/lottery?corpId=demo',
          headers: { ...H5, cookie, 'idempotency-key': key },
          payload: { actId: 'wheel-spring' },
        });
      const observed = vi.spyOn(t.services.alerts, 'observe');
      const [a, b] = await Promise.all([draw('key-aaaaaaaa'), draw('key-bbbbbbbb')]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
      expect(body(a.statusCode === 429 ? a : b)).toEqual({ code: 42901, data: '活动太火爆，请稍后再试' });
      // The 429 rate alert counts the refusal, made before the session and the cookies were read.
      expect(observed.mock.calls.map(([corp, status]) => `${corp} ${status}`).sort()).toEqual(['demo 200', 'demo 429']);
      expect((await draw('key-cccccccc')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
