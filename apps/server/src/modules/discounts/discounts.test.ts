import { randomUUID } from 'node:crypto';
import type { Consumption, Discount, SignedPayment } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

function discountYaml(id: string, o: { total: number; perUser: number; daily?: number; corp?: string }) {
  return `
discounts:
  - id: ${id}
    corp: ${o.corp ?? 'demo'}
    title: 刷卡立减
    rules: [满 50 元减 10 元, 每人限 ${o.perUser} 次]
    amountCents: 1000
    thresholdCents: 5000
    validCards: [{ bin: "622848", label: 本行借记卡 }]
    validMerchants: [{ id: m1, name: 示例商户 }]
    startsAt: now-1h
    endsAt: now+10d
    totalLimit: ${o.total}
    perUserLimit: ${o.perUser}
    dailyLimit: ${o.daily ?? 'null'}
`;
}

describe.each(kinds)('instant discounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());
  const { publish, login } = campaignActions(() => t);

  const sign = (cookie: string, discountId: string, extra: object = {}, corp = 'demo') =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/discount/sign-payment?corpId=${corp}`,
      headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
      payload: { discountId, merchantId: 'm1', amountCents: 8800, cardBin: '622848', ...extra },
    });
  const consume = (cookie: string, p: SignedPayment, corp = 'demo') => {
    const { signType: _drop, ...payload } = p;
    return t.app.inject({
      method: 'POST',
      url: `/bmcs/api/v2/discount/consume?corpId=${corp}`,
      headers: { ...H5, cookie },
      payload,
    });
  };
  const detail = async (cookie: string, id: string) =>
    body<Discount>(
      await t.app.inject({ url: `/bmcs/api/discount/detail?corpId=demo&discountId=${id}`, headers: { cookie } }),
    );

  it('detail shows amount, threshold, cards, merchants, window and what is left', async () => {
    await publish(discountYaml('d-detail', { total: 5, perUser: 2, daily: 3 }));
    const me = await login();
    const d = (await detail(me, 'd-detail')).data;
    expect(d).toMatchObject({
      amountCents: 1000,
      thresholdCents: 5000,
      totalLeft: 5,
      userLeft: 2,
      leftToday: 3,
      status: 'live',
      validMerchants: [{ id: 'm1', name: '示例商户' }],
    });
  });

  it('signs a payment the consume can trust; a tampered one is refused and consumes nothing', async () => {
    await publish(discountYaml('d-sign', { total: 5, perUser: 5 }));
    const me = await login();
    const p = body<SignedPayment>(await sign(me, 'd-sign')).data;
    expect(p).toMatchObject({ amountCents: 8800, discountCents: 1000, payCents: 7800, signType: 'HMAC-SHA256' });
    const tampered = await consume(me, { ...p, discountCents: 8000, payCents: 800 });
    expect(body(tampered).code).toBe(3306);
    // Signed for me, reported by someone else: refused too.
    expect(body(await consume(await login(), p)).code).toBe(3306);
    expect(body(await sign(me, 'd-sign', { amountCents: 4999 })).code).toBe(3305);
    expect(body(await sign(me, 'd-sign', { merchantId: 'm2' })).code).toBe(3305);
    expect(body(await sign(me, 'd-sign', { cardBin: '999999' })).code).toBe(3305);
    expect((await detail(me, 'd-sign')).data.totalLeft).toBe(5);
  });

  it('the same payment reported twice consumes once and gets the same answer', async () => {
    await publish(discountYaml('d-replay', { total: 5, perUser: 5 }));
    const me = await login();
    const p = body<SignedPayment>(await sign(me, 'd-replay')).data;
    const [a, b] = await Promise.all([consume(me, p), consume(me, p)]);
    const c = await consume(me, p);
    const answers = [a, b, c].map((r) => body<Consumption>(r).data);
    expect(new Set(answers.map((x) => x.consumptionId)).size).toBe(1);
    expect(answers.filter((x) => !x.replayed)).toHaveLength(1);
    expect((await detail(me, 'd-replay')).data).toMatchObject({ totalLeft: 4, userLeft: 4 });
  });

  it('100 concurrent consumes with a total limit of 10 → exactly 10', async () => {
    await publish(discountYaml('d-race', { total: 10, perUser: 1000 }));
    const me = await login();
    const signed = await Promise.all(
      Array.from({ length: 100 }, async () => body<SignedPayment>(await sign(me, 'd-race')).data),
    );
    const before = await countRows(t.database, 'discount_consumption');
    const codes = (await Promise.all(signed.map((p) => consume(me, p)))).map((r) => body(r).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c !== 0).every((c) => c === 3303)).toBe(true);
    expect((await countRows(t.database, 'discount_consumption')) - before).toBe(10);
    expect((await detail(me, 'd-race')).data).toMatchObject({ totalLeft: 0, status: 'sold_out' });
  });

  it('never beyond the per-customer limit under concurrency', async () => {
    await publish(discountYaml('d-user', { total: 100, perUser: 2 }));
    const me = await login();
    const signed = await Promise.all(
      Array.from({ length: 12 }, async () => body<SignedPayment>(await sign(me, 'd-user')).data),
    );
    const codes = (await Promise.all(signed.map((p) => consume(me, p)))).map((r) => body(r).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(2);
    expect(codes.filter((c) => c !== 0).every((c) => c === 3304)).toBe(true);
    expect((await detail(me, 'd-user')).data).toMatchObject({ totalLeft: 98, userLeft: 0 });
  });

  it("another corp's discount is 404", async () => {
    await publish(discountYaml('d-gray', { total: 5, perUser: 1, corp: 'demo-gray' }));
    const me = await login();
    expect(
      (await t.app.inject({ url: '/bmcs/api/discount/detail?corpId=demo&discountId=d-gray', headers: { cookie: me } }))
        .statusCode,
    ).toBe(404);
    expect((await sign(me, 'd-gray')).statusCode).toBe(404);
  });
});
