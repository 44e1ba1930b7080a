import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../testing/harness';
import { AppError } from './errors';

const kinds = await dialects();

describe.each(kinds)('declared request headers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const draws = async () => {
    const r = await t.database.db
      .selectFrom('draw')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };

  const { login } = campaignActions(() => t);
  const mobile = '13800009999';

  const drawPaths = ['/bmcs/api/v2/lottery', '/bmcs/api/v3/lottery', '/bmcs/api/rocc/lottery'];
  const badKeys: [string, Record<string, string>][] = [
    ['missing', {}],
    ['empty', { 'idempotency-key': '' }],
    ['too short', { 'idempotency-key': 'abc' }],
    ['too long', { 'idempotency-key': 'k'.repeat(129) }],
    ['with spaces', { 'idempotency-key': 'not a valid key' }],
  ];

  it('refuses a draw without a well-formed idempotency key on every draw endpoint, and draws nothing', async () => {
    const cookie = await login(mobile);
    const before = await draws();
    for (const path of drawPaths) {
      for (const [what, headers] of badKeys) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${path}?corpId=demo`,
          headers: { ...H5, cookie, 'accept-language': 'en-US', ...headers },
          payload: { actId: 'wheel-spring' },
        });
        expect(res.statusCode, `${path} ${what}`).toBe(400);
        const env = body<string>(res);
        expect(env.code, `${path} ${what}`).toBe(2008);
        expect(env.data).toMatch(/^Idempotency-Key header is required/);
      }
    }
    expect(await draws()).toBe(before);
    const surplus = body<{ surplusInfo: { drawsMade: number } }>(
      await t.app.inject({ url: '/bmcs/api/v2/activity/surplus?corpId=demo&actId=wheel-spring', headers: { cookie } }),
    );
    expect(surplus.data.surplusInfo.drawsMade).toBe(0);
  });

  it('answers in the user language (zh-CN by default)', async () => {
    const cookie = await login(mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/lottery?corpId=demo',
      headers: { ...H5, cookie },
      payload: { actId: 'wheel-spring' },
    });
    expect(body<string>(res).data).toMatch(/^缺少请求幂等键/);
  });

  it('a well-formed key passes the check and the draw happens', async () => {
    const cookie = await login(mobile);
    const before = await draws();
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/rocc/lottery?corpId=demo',
      headers: { ...H5, cookie, 'idempotency-key': 'key:0001.ok_' },
      payload: { actId: 'wheel-spring' },
    });
    expect(body(res).code).toBe(0);
    expect(await draws()).toBe(before + 1);
  });

  it('lists the header in the served OpenAPI document', async () => {
    const doc = (await t.app.inject('/bmcs/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[] }>>;
    };
    for (const path of drawPaths) {
      expect(doc.paths[path]?.post?.parameters).toContainEqual(
        expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
      );
    }
    expect(doc.paths['/bmcs/api/v2/exchange']?.post?.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
    );
    expect(doc.paths['/bmcs/api/winning/list']?.get?.parameters.some((p) => p.in === 'header')).toBe(false);
  });
});

describe('answers pass through their response schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('drops a field the contract does not declare (the same path in every environment)', async () => {
    const real = t.services.activity.param;
    t.services.activity.param = async (...args) => ({ ...(await real(...args)), internalNote: 'never sent' });
    try {
      const res = await t.app.inject({ url: '/bmcs/api/v2/lottery/param?corpId=demo&actId=wheel-spring', headers: H5 });
      const env = body<Record<string, unknown>>(res);
      expect(env.code).toBe(0);
      expect(env.data.actId).toBe('wheel-spring');
      expect(env.data).not.toHaveProperty('internalNote');
    } finally {
      t.services.activity.param = real;
    }
  });
});

describe('a handler answers only with the errors its endpoint declares', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('a declared error reaches the client; an undeclared one is an internal error outside production', async () => {
    const url = '/bmcs/api/v2/lottery/param?corpId=demo&actId=';
    const declared = body<string>(await t.app.inject({ url: `${url}nope`, headers: H5 }));
    expect(declared.code).toBe(2001); // ACTIVITY_NOT_FOUND, declared by lotteryParam
    const real = t.services.activity.param;
    t.services.activity.param = async () => {
      throw new AppError('COUPON_USED');
    };
    try {
      const res = await t.app.inject({ url: `${url}wheel-spring`, headers: H5 });
      expect(res.statusCode).toBe(500);
      expect(body(res).code).toBe(500);
    } finally {
      t.services.activity.param = real;
    }
  });
});
