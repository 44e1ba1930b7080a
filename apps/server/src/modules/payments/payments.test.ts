import { randomUUID } from 'node:crypto';
import {
  type Address,
  type DrawResult,
  type MyPrize,
  type Order,
  type PaymentResultBody,
  paymentResultSigningText,
} from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SIGNATURE_HEADER, serverSignature } from '../../platform/server-caller';
import { campaignActions, claimActivities } from '../../testing/campaign';
import { body, countRows, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const DAY = 86_400_000;
const SECRET = { demo: 'demo-app-secret-please-change-0001', 'demo-gray': 'demo-gray-secret-please-change-02' };
const ADDRESS = {
  name: '李四',
  mobile: '13800138000',
  provinceCode: '310000',
  cityCode: '310100',
  districtCode: '310101',
  detail: '南京东路 100 号',
};

describe.each(kinds)('order payment results and prize-list states on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const yaml of claimActivities('pay-box', 'pay-coupons')) await publish(yaml);
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const post = (cookie: string, path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/${path}`,
      headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
      payload,
    });
  const get = (cookie: string, path: string) => t.app.inject({ url: `/bmcs/api/${path}`, headers: { ...H5, cookie } });
  const orderOf = async (cookie: string, orderId: string) =>
    body<Order>(await get(cookie, `order/detail?corpId=demo&orderId=${orderId}`)).data;

  /** A customer with a confirmed order (won, address given). */
  async function confirmedOrder() {
    const me = await login();
    const won = body<DrawResult>(await draw(me, 'pay-box')).data;
    const prizes = body<MyPrize[]>(await get(me, 'prizes/mine?corpId=demo')).data;
    const orderId = prizes.find((p) => p.awardId === won.award?.awardId)?.orderId ?? '';
    const addr = body<Address>(await post(me, 'address/add?corpId=demo', ADDRESS)).data;
    expect(body<Order>(await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: addr.addNo })).data.state).toBe(
      'confirmed',
    );
    return { me, orderId };
  }

  /**
   * The payment side's call: signed with the corp's secret over every field, unless told otherwise. Server to
   * server, so no browser header (the H5's `x-campaign-client`), unless `browser`.
   */
  function notify(
    n: PaymentResultBody,
    opts: {
      corpId?: keyof typeof SECRET;
      secret?: string;
      signed?: PaymentResultBody;
      at?: number;
      browser?: boolean;
    } = {},
  ) {
    const corpId = opts.corpId ?? 'demo';
    const sec = Math.floor((opts.at ?? t.clock.now) / 1000);
    const sig = serverSignature(opts.secret ?? SECRET[corpId], corpId, sec, paymentResultSigningText(opts.signed ?? n));
    return t.app.inject({
      method: 'POST',
      url: `/bmcs/api/order/payment-result?corpId=${corpId}`,
      headers: { ...(opts.browser ? H5 : {}), [SERVER_SIGNATURE_HEADER]: sig },
      payload: n,
    });
  }
  const result = (
    orderId: string,
    r: PaymentResultBody['result'],
    paymentId = 'pay-0001-aaaa',
    amountCents = 1200,
  ) => ({
    orderId,
    paymentId,
    result: r,
    amountCents,
    notifiedAt: t.clock.now,
  });

  it('paid: the order shows paid with its payment; the same notification twice changes nothing', async () => {
    const { me, orderId } = await confirmedOrder();
    const first = body<{ state: string; replayed: boolean }>(await notify(result(orderId, 'paid')));
    expect(first).toEqual({ code: 0, data: { orderId, state: 'paid', replayed: false } });
    const paid = await orderOf(me, orderId);
    expect(paid).toMatchObject({ state: 'paid', paymentId: 'pay-0001-aaaa', paidCents: 1200, paidAt: t.clock.now });
    const events = await countRows(t.database, 'order_payment_event');
    t.clock.advance(60_000);
    try {
      const again = body<{ state: string; replayed: boolean }>(await notify(result(orderId, 'paid')));
      expect(again).toEqual({ code: 0, data: { orderId, state: 'paid', replayed: true } });
      expect(await orderOf(me, orderId)).toEqual(paid);
      expect(await countRows(t.database, 'order_payment_event')).toBe(events);
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('failed, then paid again; a late "failed" of the paid payment and a refund of another payment are refused', async () => {
    const { me, orderId } = await confirmedOrder();
    expect(body(await notify(result(orderId, 'failed', 'pay-try-1'))).data).toMatchObject({ state: 'payment_failed' });
    const failed = await orderOf(me, orderId);
    expect(failed).toMatchObject({ state: 'payment_failed', paymentFailedAt: t.clock.now, paidAt: null });
    expect(body(await notify(result(orderId, 'paid', 'pay-try-2'))).data).toMatchObject({ state: 'paid' });
    const events = await countRows(t.database, 'order_payment_event');
    const before = await orderOf(me, orderId);
    // Out of order: the paid payment's "failed" arrives after its "paid".
    expect(body(await notify(result(orderId, 'failed', 'pay-try-2'))).code).toBe(3150);
    // A refund must name the payment that paid, for what it paid.
    expect(body(await notify(result(orderId, 'refunded', 'pay-try-1'))).code).toBe(3150);
    expect(body(await notify(result(orderId, 'refunded', 'pay-try-2', 1))).code).toBe(3150);
    expect(await orderOf(me, orderId)).toEqual(before);
    expect(await countRows(t.database, 'order_payment_event')).toBe(events);
    // The refused ones left no trace: the right refund still applies, once.
    expect(body(await notify(result(orderId, 'refunded', 'pay-try-2'))).data).toMatchObject({
      state: 'refunded',
      replayed: false,
    });
    expect(await orderOf(me, orderId)).toMatchObject({ state: 'refunded', refundedAt: t.clock.now });
    // After a refund nothing pays it again.
    expect(body(await notify(result(orderId, 'paid', 'pay-try-3'))).code).toBe(3150);
  });

  it('a refund before any payment, or a result for an order awaiting its address, is refused', async () => {
    const { orderId } = await confirmedOrder();
    expect(body(await notify(result(orderId, 'refunded'))).code).toBe(3150);
    const me = await login();
    const won = body<DrawResult>(await draw(me, 'pay-box')).data;
    const waiting = body<MyPrize[]>(await get(me, 'prizes/mine?corpId=demo')).data.find(
      (p) => p.awardId === won.award?.awardId,
    );
    expect(body(await notify(result(waiting?.orderId ?? '', 'paid'))).code).toBe(3150);
    expect((await orderOf(me, waiting?.orderId ?? '')).state).toBe('awaiting_address');
  });

  it("the bank's server needs no browser header; without the signature it is refused, with or without one", async () => {
    const { me, orderId } = await confirmedOrder();
    const n = result(orderId, 'paid');
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/bmcs/api/order/payment-result?corpId=demo', headers, payload: n });
    // Unsigned and from no page of ours: the cross-site refusal; a bad signature: the signature's.
    const unsigned = await post({});
    expect([unsigned.statusCode, body(unsigned).code]).toEqual([403, 40301]);
    const crossSite = await post({ origin: 'https://evil.example' });
    expect([crossSite.statusCode, body(crossSite).code]).toEqual([403, 40301]);
    const bogus = await post({ [SERVER_SIGNATURE_HEADER]: `${Math.floor(t.clock.now / 1000)}.${'0'.repeat(64)}` });
    expect([bogus.statusCode, body(bogus).code]).toEqual([400, 3306]);
    expect((await orderOf(me, orderId)).state).toBe('confirmed');
    // Signed, no browser header: applied (and the same with the header, as before).
    const signed = await notify(n);
    expect([signed.statusCode, body(signed)]).toEqual([
      200,
      { code: 0, data: { orderId, state: 'paid', replayed: false } },
    ]);
    expect(body(await notify(n, { browser: true })).data).toMatchObject({ state: 'paid', replayed: true });
  });

  it('a forged, stale, swapped or missing signature is refused and nothing changes', async () => {
    const { me, orderId } = await confirmedOrder();
    const events = await countRows(t.database, 'order_payment_event');
    const n = result(orderId, 'paid');
    const forged = await notify(n, { secret: 'not-the-corp-secret-000' });
    expect([forged.statusCode, body(forged)]).toEqual([400, { code: 3306, data: '支付签名无效' }]);
    // Signed for 1 cent, reported as 1200; signed long ago; another corp's secret.
    expect(body(await notify(n, { signed: { ...n, amountCents: 1 } })).code).toBe(3306);
    expect(body(await notify(n, { at: t.clock.now - 301_000 })).code).toBe(3306);
    expect(body(await notify(n, { secret: SECRET['demo-gray'] })).code).toBe(3306);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/order/payment-result?corpId=demo',
      headers: { ...H5, 'accept-language': 'en-US' },
      payload: n,
    });
    expect(body(unsigned)).toEqual({ code: 3306, data: 'The payment signature is invalid' });
    expect((await orderOf(me, orderId)).state).toBe('confirmed');
    expect(await countRows(t.database, 'order_payment_event')).toBe(events);
  });

  it("another corp's payment side cannot reach this corp's order; bad input is a clear 400", async () => {
    const { me, orderId } = await confirmedOrder();
    const other = await notify(result(orderId, 'paid'), { corpId: 'demo-gray' });
    expect([other.statusCode, body(other).code]).toEqual([404, 3101]);
    const bad = await notify({ ...result(orderId, 'paid'), amountCents: -5 });
    expect(bad.statusCode).toBe(400);
    expect((await orderOf(me, orderId)).state).toBe('confirmed');
  });

  it('the same notification delivered concurrently is applied once; paid and failed racing → one state', async () => {
    const { me, orderId } = await confirmedOrder();
    const events = await countRows(t.database, 'order_payment_event');
    const same = await Promise.all(Array.from({ length: 12 }, () => notify(result(orderId, 'paid', 'pay-race-1'))));
    const answers = same.map((r) => body<{ replayed: boolean; state: string }>(r));
    expect(answers.every((a) => a.code === 0 && a.data.state === 'paid')).toBe(true);
    expect(answers.filter((a) => !a.data.replayed)).toHaveLength(1);
    expect(await countRows(t.database, 'order_payment_event')).toBe(events + 1);

    const second = await confirmedOrder();
    const raced = await Promise.all([
      notify(result(second.orderId, 'paid', 'pay-race-2')),
      notify(result(second.orderId, 'refunded', 'pay-race-2')),
      notify(result(second.orderId, 'paid', 'pay-race-3')),
    ]);
    const state = (await orderOf(second.me, second.orderId)).state;
    expect(['paid', 'refunded']).toContain(state);
    const codes = raced.map((r) => body(r).code);
    // Two different payments cannot both have paid it: exactly one "paid" applied, the other refused.
    expect([codes[0], codes[2]].sort()).toEqual([0, 3150]);
    const paidBy = (await orderOf(second.me, second.orderId)).paymentId;
    expect(paidBy).toBe(codes[0] === 0 ? 'pay-race-2' : 'pay-race-3');
    // The refund of pay-race-2 applies only if pay-race-2 paid, and then the order is refunded.
    expect(codes[1] === 0).toBe(state === 'refunded');
    if (codes[1] === 0) expect(paidBy).toBe('pay-race-2');
    expect((await orderOf(me, orderId)).paymentId).toBe('pay-race-1');
  });

  it('an operator refund of a paid order is its payment’s refund: the payment side reporting it later is a replay', async () => {
    const { me, orderId } = await confirmedOrder();
    await expect(t.services.payments.refundOrder('demo', orderId)).rejects.toMatchObject({ errorName: 'ORDER_STATE' });
    await notify(result(orderId, 'paid', 'pay-op-1', 4500));
    expect(await t.services.payments.refundOrder('demo', orderId)).toEqual({
      orderId,
      state: 'refunded',
      replayed: false,
    });
    expect(body(await notify(result(orderId, 'refunded', 'pay-op-1', 4500))).data).toEqual({
      orderId,
      state: 'refunded',
      replayed: true,
    });
    expect(await t.services.payments.refundOrder('demo', orderId).catch((e: Error) => e.message)).toMatch(/refunded/);
    await expect(t.services.payments.refundOrder('demo-gray', orderId)).rejects.toMatchObject({
      errorName: 'ORDER_NOT_FOUND',
    });
    expect((await orderOf(me, orderId)).state).toBe('refunded');
  });

  it('my prizes carry each coupon’s real state: unused, used, expired (no use offered when expired)', async () => {
    const mobile = '13755559001';
    let me = await login(mobile);
    const used = body<DrawResult>(await draw(me, 'pay-coupons')).data.award?.awardId ?? '';
    const left = body<DrawResult>(await draw(me, 'pay-coupons')).data.award?.awardId ?? '';
    expect(body(await post(me, 'coupon/use?corpId=demo', { couponId: used, channel: 'store' })).code).toBe(0);
    const mine = async () => body<MyPrize[]>(await get(me, 'prizes/mine?corpId=demo')).data;
    const now = await mine();
    const issuedAt = now.find((p) => p.awardId === left)?.createdAt ?? 0;
    expect(now.find((p) => p.awardId === used)).toMatchObject({ couponState: 'used' });
    expect(now.find((p) => p.awardId === left)).toMatchObject({
      couponState: 'unused',
      validUntil: issuedAt + 5 * DAY,
      orderState: null,
    });
    t.clock.advance(5 * DAY + 1000);
    try {
      me = await login(mobile);
      const later = await mine();
      expect(later.find((p) => p.awardId === left)?.couponState).toBe('expired');
      expect(later.find((p) => p.awardId === used)?.couponState).toBe('used');
      // The server agrees: an expired coupon is not used through the prize list's exchange either.
      const ex = await post(me, 'v2/exchange?corpId=demo', { awardId: left });
      expect(body(ex).code).toBe(3203);
    } finally {
      t.clock.advance(-(5 * DAY + 1000));
    }
    const gift = body<DrawResult>(await draw(me, 'pay-box')).data.award?.awardId;
    const physical = (await mine()).find((p) => p.awardId === gift);
    expect(physical).toMatchObject({ kind: 'physical', couponState: null, validUntil: null });
  });
});
