import { randomUUID } from 'node:crypto';
import {
  type Consumption,
  type Discount,
  discountPaymentResultSigningText,
  type SignedPayment,
} from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SIGNATURE_HEADER, serverSignature } from '../../platform/server-caller';
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
    // Only the one good signing reserved a unit; the refused ones took nothing.
    expect((await detail(me, 'd-sign')).data.totalLeft).toBe(4);
  });

  const SECRET = 'demo-app-secret-please-change-0001';
  /** The bank's payment side reports a discounted payment's result, signed with the corp's app secret. */
  const bankResult = (paymentId: string, result: 'paid' | 'failed', payCents: number, secret = SECRET) => {
    const n = { paymentId, result, payCents, notifiedAt: t.clock.now };
    const sec = Math.floor(t.clock.now / 1000);
    return t.app.inject({
      method: 'POST',
      url: '/bmcs/api/discount/payment-result?corpId=demo',
      // Server to server: the signature, no browser header.
      headers: { [SERVER_SIGNATURE_HEADER]: serverSignature(secret, 'demo', sec, discountPaymentResultSigningText(n)) },
      payload: n,
    });
  };

  it("the signing reserves a unit; only the bank's signed result makes it paid, once", async () => {
    await publish(discountYaml('d-replay', { total: 5, perUser: 5 }));
    const me = await login();
    const p = body<SignedPayment>(await sign(me, 'd-replay')).data;
    expect((await detail(me, 'd-replay')).data).toMatchObject({ totalLeft: 4, userLeft: 4 });
    // The customer's own report proves nothing: still reserved.
    expect(body<Consumption>(await consume(me, p)).data).toMatchObject({ state: 'reserved', paymentId: p.paymentId });
    // A result not signed by the bank is refused and changes nothing.
    expect(body(await bankResult(p.paymentId, 'paid', p.payCents, 'not-the-corp-secret-000000')).code).toBe(3306);
    expect(body(await bankResult(p.paymentId, 'paid', p.payCents + 1)).code).toBe(3150);
    // Unsigned and from no page of ours (no browser header either): the cross-site refusal.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/discount/payment-result?corpId=demo',
      payload: { paymentId: p.paymentId, result: 'paid', payCents: p.payCents, notifiedAt: t.clock.now },
    });
    expect([unsigned.statusCode, body(unsigned).code]).toEqual([403, 40301]);
    expect(body<Consumption>(await consume(me, p)).data.state).toBe('reserved');
    // Signed by the bank's server, which sends no browser header: applied, once.
    const [a, b] = await Promise.all([
      bankResult(p.paymentId, 'paid', p.payCents),
      bankResult(p.paymentId, 'paid', p.payCents),
    ]);
    const answers = [a, b].map((r) => body<Consumption>(r).data);
    expect(answers.map((x) => x.state)).toEqual(['paid', 'paid']);
    expect(answers.filter((x) => !x.replayed)).toHaveLength(1);
    expect(body<Consumption>(await consume(me, p)).data.state).toBe('paid');
    // Paid is final: a later "failed" is refused.
    expect(body(await bankResult(p.paymentId, 'failed', p.payCents)).code).toBe(3150);
    expect((await detail(me, 'd-replay')).data).toMatchObject({ totalLeft: 4, userLeft: 4 });
  });

  it('accounts that sign and never pay cannot use up the total: reservations expire and come back', async () => {
    await publish(discountYaml('d-unpaid', { total: 3, perUser: 1 }));
    const people = await Promise.all(Array.from({ length: 5 }, () => login()));
    const codes = [];
    for (const me of people) codes.push(body(await sign(me, 'd-unpaid')).code);
    expect(codes).toEqual([0, 0, 0, 3303, 3303]);
    t.clock.advance(31 * 60_000);
    // The three unpaid reservations went back: the others can sign now (logged in again: 30 minutes idle).
    const late = await login();
    expect(body(await sign(late, 'd-unpaid')).code).toBe(0);
    expect((await detail(late, 'd-unpaid')).data).toMatchObject({ totalLeft: 2 });
  });

  it('a failed payment releases its unit; an expired reservation is told so', async () => {
    await publish(discountYaml('d-failed', { total: 2, perUser: 2 }));
    const me = await login();
    const p = body<SignedPayment>(await sign(me, 'd-failed')).data;
    expect(body<Consumption>(await bankResult(p.paymentId, 'failed', p.payCents)).data.state).toBe('released');
    expect((await detail(me, 'd-failed')).data).toMatchObject({ totalLeft: 2, userLeft: 2 });
    expect(body(await consume(me, p)).code).toBe(3308);
    const q = body<SignedPayment>(await sign(me, 'd-failed')).data;
    t.clock.advance(29 * 60_000);
    // Still reserved at 29 minutes (and the session kept alive), expired at 31.
    expect((await detail(me, 'd-failed')).data).toMatchObject({ totalLeft: 1 });
    t.clock.advance(2 * 60_000);
    expect(body(await consume(me, q)).code).toBe(3308);
    expect((await detail(me, 'd-failed')).data).toMatchObject({ totalLeft: 2, userLeft: 2 });
  });

  it('100 concurrent signings with a total limit of 10 → exactly 10 reserved', async () => {
    await publish(discountYaml('d-race', { total: 10, perUser: 1000 }));
    const me = await login();
    const before = await countRows(t.database, 'discount_consumption');
    const codes = await Promise.all(
      Array.from({ length: 100 }, async () => body<SignedPayment>(await sign(me, 'd-race')).code),
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c !== 0).every((c) => c === 3303)).toBe(true);
    expect((await countRows(t.database, 'discount_consumption')) - before).toBe(10);
    expect((await detail(me, 'd-race')).data).toMatchObject({ totalLeft: 0, status: 'sold_out' });
  });

  it('never beyond the per-customer limit under concurrency', async () => {
    await publish(discountYaml('d-user', { total: 100, perUser: 2 }));
    const me = await login();
    const codes = await Promise.all(
      Array.from({ length: 12 }, async () => body<SignedPayment>(await sign(me, 'd-user')).code),
    );
    expect(codes.filter((c) => c === 0)).toHaveLength(2);
    expect(codes.filter((c) => c !== 0).every((c) => c === 3304)).toBe(true);
    expect((await detail(me, 'd-user')).data).toMatchObject({ totalLeft: 98, userLeft: 0 });
  });

  it('/discount/mine lists the discounts given to the customer (the demo customer has lijian-spring)', async () => {
    const demo = await login('13800138000');
    const mine = body<{ discountId: string; grantedAt: number }[]>(
      await t.app.inject({ url: '/bmcs/api/discount/mine?corpId=demo', headers: { ...H5, cookie: demo } }),
    ).data;
    expect(mine.map((d) => d.discountId)).toEqual(['lijian-spring']);
    const other = await login();
    expect(
      body<unknown[]>(
        await t.app.inject({ url: '/bmcs/api/discount/mine?corpId=demo', headers: { ...H5, cookie: other } }),
      ).data,
    ).toEqual([]);
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
