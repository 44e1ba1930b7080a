import { routes } from '@campaign/contract/client';
import { describe, expect, it } from 'vitest';
import { BusinessError, CallFailure, HttpStatusError } from './errors';
import { buildUrl, createCall, failureMessage, isBusy, type RequestDeps, toastOnFailure } from './request';
import { MAPPED_STATUSES, passesThrough, STATUS_MESSAGES, statusMessage } from './status-messages';

interface Recorded {
  url: URL;
  init: RequestInit;
}

/** Recorded handlers: each test states the exact response the server gives. */
function harness(respond: (url: URL, init: RequestInit) => Response, cookies: Record<string, string> = {}) {
  const calls: Recorded[] = [];
  const events: string[] = [];
  let pathname = '/login';
  const deps: RequestDeps = {
    fetch: async (input, init = {}) => {
      const url = new URL(String(input));
      calls.push({ url, init });
      return respond(url, init);
    },
    origin: () => 'http://h5.test',
    cookie: (name) => cookies[name],
    pathname: () => pathname,
    toast: (text) => events.push(`toast:${text}`),
    loadingStart: () => events.push('loading:start'),
    loadingEnd: () => events.push('loading:end'),
    newIdempotencyKey: () => 'key-1',
  };
  return { call: createCall(deps), calls, events, deps, setPath: (p: string) => (pathname = p) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('request layer (spec §7)', () => {
  it('GET: base path, payload as query string, corpId from the cookie, credentials and the client header', async () => {
    const h = harness(() => json(200, { code: 0, data: { gray: true } }), { corpId: 'demo' });
    await expect(h.call(routes.grayCheck, { query: { scene: 'bmcs' } })).resolves.toEqual({ gray: true });
    const [{ url, init }] = h.calls as [Recorded];
    expect(url.pathname).toBe('/bmcs/api/gray/check');
    expect(url.searchParams.get('scene')).toBe('bmcs');
    expect(url.searchParams.get('corpId')).toBe('demo');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['x-campaign-client']).toBe('h5');
  });

  it('POST: payload as JSON body; corpId from the payload wins over the cookie', async () => {
    const h = harness(() => json(200, { code: 0, data: null }), { corpId: 'cookie-corp' });
    await h.call(routes.webpageVisit, { body: { actId: 'a1', visitType: 'PV' }, corpId: 'payload-corp' });
    const [{ url, init }] = h.calls as [Recorded];
    expect(url.pathname).toBe('/bmcs/api/v2/webpage/visit');
    expect(url.searchParams.get('corpId')).toBe('payload-corp');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ actId: 'a1', visitType: 'PV' });
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('a corpId field inside the payload is used too', () => {
    const url = buildUrl(
      routes.commonDecrypt,
      { body: { corpId: 'in-body' } },
      {
        cookie: () => 'cookie',
        origin: () => 'http://h5.test',
      },
    );
    expect(url.searchParams.get('corpId')).toBe('in-body');
  });

  it('{version} is v3 when the isElife cookie is "true", else v2', () => {
    const deps = (isElife?: string) => ({
      cookie: (n: string) => (n === 'isElife' ? isElife : undefined),
      origin: () => 'http://h5.test',
    });
    expect(buildUrl(routes.groupEiopCheck, {}, deps('true')).pathname).toBe('/bmcs/api/v3/group/eiop-check');
    expect(buildUrl(routes.groupEiopCheck, {}, deps('false')).pathname).toBe('/bmcs/api/v2/group/eiop-check');
    expect(buildUrl(routes.groupEiopCheck, {}, deps(undefined)).pathname).toBe('/bmcs/api/v2/group/eiop-check');
  });

  it('shows and closes the loading indicator for endpoints flagged so, and only those', async () => {
    const h = harness(() => json(200, { code: 0, data: { resendAfterSec: 60, expiresInSec: 300, demoCode: null } }));
    await h.call(routes.otpSend, { body: { mobile: '13800138000' } });
    expect(h.events).toEqual(['loading:start', 'loading:end']);
    h.events.length = 0;
    const g = harness(() => json(200, { code: 0, data: { gray: false } }));
    await g.call(routes.grayCheck, { query: { scene: 'bmcs' } });
    expect(g.events).toEqual([]);
  });
});

describe('envelope and errors (spec §5, §8)', () => {
  it('code 0 returns data as the server sent it; a body without an envelope is a page error', async () => {
    const ok = harness(() => json(200, { code: 0, data: { now: 1, iso: 'x' } }));
    await expect(ok.call(routes.systemTime)).resolves.toEqual({ now: 1, iso: 'x' });
    const stringCode = harness(() => json(200, { code: '0', data: { now: 2, iso: 'y' } }));
    await expect(stringCode.call(routes.systemTime)).resolves.toEqual({ now: 2, iso: 'y' });
    for (const body of [{ data: { now: 1 } }, { code: 0 }, { code: null, data: 1 }, [0, 1], 'ok']) {
      const bad = harness(() => json(200, body));
      const failure = await bad.call(routes.systemTime).catch((e: unknown) => e);
      expect(failure, JSON.stringify(body)).toBeInstanceOf(CallFailure);
      expect((failure as CallFailure).detail).toMatch(/^页面错误：/);
      expect(bad.events).toEqual([`toast:${(failure as CallFailure).detail}`]);
    }
  });

  it('a non-zero code is a business error carrying data as the message; loading closes before the toast', async () => {
    const h = harness(() => json(200, { code: 1005, data: '验证码错误' }));
    const failure = await h.call(routes.otpLogin, { body: { mobile: '13800138000', code: '000000' } }).catch((e) => e);
    expect(failure).toBeInstanceOf(CallFailure);
    expect(failure.message).toBe('请求错误，请稍后再试！');
    expect(failure.code).toBe(1005);
    expect(failure.detail).toBe('验证码错误');
    expect(h.events).toEqual(['loading:start', 'loading:end', 'toast:验证码错误']);
  });

  it('401 (HTTP and envelope) toasts the expired-login message', async () => {
    const h = harness(() => json(401, { code: 401, data: '登录状态已失效，请重新进入' }));
    const failure = await h.call(routes.wechatOpenId).catch((e) => e);
    expect(failure.code).toBe(401);
    expect(h.events).toEqual(['toast:登录状态已失效，请重新进入']);
    // Even when the 401 body is not an envelope.
    const bare = harness(() => new Response('Unauthorized', { status: 401 }));
    await bare.call(routes.wechatOpenId).catch(() => undefined);
    expect(bare.events).toEqual(['toast:登录状态已失效，请重新进入']);
  });

  it('400 passes through: the envelope message is the toast', async () => {
    const h = harness(() => json(400, { code: 400, data: '请求参数有误' }));
    await h.call(routes.systemTime).catch(() => undefined);
    expect(h.events).toEqual(['toast:请求参数有误']);
  });

  it.each([403, 404, 500, 502, 503, 504])('status %i raises an error with the mapped zh-CN message', async (status) => {
    const h = harness(() => json(status, { code: status, data: 'server text' }));
    const failure = await h.call(routes.systemTime).catch((e) => e);
    expect(failure.cause).toBeInstanceOf(HttpStatusError);
    expect(failure.status).toBe(status);
    expect(h.events).toEqual([`toast:${statusMessage(status)}`]);
    expect(statusMessage(status)).not.toMatch(/\(/);
  });

  it('429: a busy server (BUSY, or no envelope) says the campaign is busy; the caller’s own limit keeps its text', async () => {
    const busy = harness(() => json(429, { code: 42901, data: 'So many people are taking part right now' }));
    const failure = await busy.call(routes.systemTime).catch((e) => e);
    expect([failure.code, failure.status, isBusy(failure)]).toEqual([42901, 429, true]);
    const proxy = harness(() => new Response('<html>Too Many Requests</html>', { status: 429 }));
    expect(isBusy(await proxy.call(routes.systemTime).catch((e) => e))).toBe(true);
    const own = harness(() => json(429, { code: 429, data: '操作过于频繁，请稍后再试' }));
    const limited = await own.call(routes.systemTime).catch((e) => e);
    expect([limited.code, isBusy(limited)]).toEqual([429, false]);
    expect([...busy.events, ...proxy.events, ...own.events]).toEqual([
      'toast:活动太火爆，请稍后再试',
      'toast:活动太火爆，请稍后再试',
      'toast:操作过于频繁，请稍后再试',
    ]);
  });

  it('non-request errors are toasted with the "页面错误：" prefix', async () => {
    const h = harness(() => {
      throw new Error('boom');
    });
    await h.call(routes.systemTime).catch(() => undefined);
    expect(h.events).toEqual(['toast:页面错误：boom']);
  });

  it('no toast on /wechatCoupon, but the promise still rejects', async () => {
    const h = harness(() => json(200, { code: 2003, data: '活动已结束' }));
    h.setPath('/wechatCoupon');
    await expect(h.call(routes.systemTime)).rejects.toThrow('请求错误，请稍后再试！');
    expect(h.events).toEqual([]);
  });

  it('quiet calls do not toast', async () => {
    const h = harness(() => json(500, {}));
    await expect(h.call(routes.systemTime, { quiet: true })).rejects.toBeInstanceOf(CallFailure);
    expect(h.events).toEqual([]);
  });

  it('toastOnFailure maps each kind of failure', () => {
    const shown: string[] = [];
    const deps = { pathname: () => '/x', toast: (t: string) => shown.push(t) };
    toastOnFailure(new BusinessError(401, 'whatever', 401), deps);
    toastOnFailure(new BusinessError(2006, '抽奖次数已用完', 200), deps);
    toastOnFailure(new TypeError('Failed to fetch'), deps);
    expect(shown).toEqual(['登录状态已失效，请重新进入', '抽奖次数已用完', '页面错误：网络不给力，请检查网络后重试']);
    expect(failureMessage('plain')).toBe('页面错误：plain');
  });
});

describe('STATUS_MESSAGES', () => {
  it('maps exactly the spec statuses, each to a distinct Chinese text', () => {
    expect(Object.keys(STATUS_MESSAGES).map(Number)).toEqual([...MAPPED_STATUSES]);
    const texts = MAPPED_STATUSES.map(statusMessage);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).toMatch(/[\u4e00-\u9fa5]/);
    expect(statusMessage(418)).toContain('418');
  });

  it('2xx, 400 and 401 pass through; everything else raises', () => {
    expect([200, 201, 204, 299, 400, 401].every(passesThrough)).toBe(true);
    expect([301, 403, 404, 409, 429, 500, 503].some(passesThrough)).toBe(false);
  });
});

describe('idempotency', () => {
  it('sends an Idempotency-Key only for endpoints flagged idempotent', async () => {
    const h = harness(() => json(200, { code: 0, data: null }));
    await h.call(routes.webpageVisit, { body: { actId: 'a', visitType: 'PV' } });
    await h.call({ ...routes.webpageVisit, idempotent: true }, { body: { actId: 'a', visitType: 'PV' } });
    await h.call(
      { ...routes.webpageVisit, idempotent: true },
      { body: { actId: 'a', visitType: 'PV' }, idempotencyKey: 'given' },
    );
    const keys = h.calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toEqual([undefined, 'key-1', 'given']);
  });
});
