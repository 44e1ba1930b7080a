import { randomUUID } from 'node:crypto';
import type { ActivityDetail, Address, Coupon, DrawResult, Order, TicketDetail } from '@campaign/contract';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions, claimActivities } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const DAY = 86_400_000;
const GOOD = {
  name: '张三',
  mobile: '13800138000',
  provinceCode: '310000',
  cityCode: '310100',
  districtCode: '310101',
  detail: '南京东路 100 号',
};

describe.each(kinds)('orders and coupons on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const yaml of claimActivities('gift-box', 'coupons')) await publish(yaml);
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const post = (cookie: string, path: string, payload: object, key: string | null = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/${path}`,
      headers: { ...H5, cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const get = (cookie: string, path: string) => t.app.inject({ url: `/bmcs/api/${path}`, headers: { ...H5, cookie } });
  const addAddress = async (cookie: string, extra: object = {}) =>
    body<Address>(await post(cookie, 'address/add?corpId=demo', { ...GOOD, ...extra })).data;
  const winOrder = async (cookie: string) => {
    const won = body<DrawResult>(await draw(cookie, 'gift-box')).data;
    const prizes = body<{ awardId: string; orderId: string | null; orderState: string | null }[]>(
      await get(cookie, 'prizes/mine?corpId=demo'),
    ).data;
    const mine = prizes.find((p) => p.awardId === won.award?.awardId);
    expect(mine?.orderState).toBe('awaiting_address');
    return { awardId: mine?.awardId ?? '', orderId: mine?.orderId ?? '' };
  };
  const winCoupon = async (cookie: string) => body<DrawResult>(await draw(cookie, 'coupons')).data.award?.awardId ?? '';

  it('the rules page shows the window and validity the server enforces', async () => {
    const d = body<{ data: ActivityDetail }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=gift-box'),
    ).data.data;
    expect(d.claim).toEqual({ addressWindowDays: 3, couponValidDays: 5 });
  });

  it('confirm copies the address into the order once; later address edits do not reach it', async () => {
    const me = await login();
    const { orderId } = await winOrder(me);
    const before = body<Order>(await get(me, `order/detail?corpId=demo&orderId=${orderId}`)).data;
    expect(before).toMatchObject({ state: 'awaiting_address', address: null, addressWindowDays: 3 });
    expect(before.addressDeadline).toBe(before.createdAt + 3 * DAY);
    const addr = await addAddress(me);
    const key = randomUUID();
    const done = body<Order>(await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: addr.addNo }, key)).data;
    expect(done).toMatchObject({ state: 'confirmed', address: { name: '张三', districtName: '黄浦区' } });
    // Retried with the same address: the same answer; with another address: refused.
    const again = body<Order>(await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: addr.addNo }, key));
    expect(again.data.state).toBe('confirmed');
    const other = await addAddress(me, { detail: '另一个地址 200 号' });
    expect(body(await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: other.addNo })).code).toBe(3103);
    await post(me, 'address/update?corpId=demo', { ...GOOD, addNo: addr.addNo, name: '改名字' }, null);
    const after = body<Order>(await get(me, `order/detail?corpId=demo&orderId=${orderId}`)).data;
    expect(after.address?.name).toBe('张三');
    const list = body<Order[]>(await get(me, 'order/list?corpId=demo&state=confirmed')).data;
    expect(list.map((o) => o.orderId)).toContain(orderId);
  });

  it('20 confirms at once with the same address (each its own key) all get the confirmed order, once', async () => {
    const me = await login();
    const { orderId, awardId } = await winOrder(me);
    const addr = await addAddress(me);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: addr.addNo })),
    );
    expect(answers.map((r) => body(r).code)).toEqual(Array(20).fill(0));
    expect(new Set(answers.map((r) => body<Order>(r).data.state))).toEqual(new Set(['confirmed']));
    const award = await t.database.db
      .selectFrom('award')
      .select('status')
      .where('id', '=', awardId)
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('exchanged');
  });

  it('past the address window the order is expired and cannot be confirmed', async () => {
    const mobile = '13755550001';
    let me = await login(mobile);
    const { orderId } = await winOrder(me);
    const addr = await addAddress(me);
    t.clock.advance(3 * DAY + 1000);
    try {
      me = await login(mobile);
      expect(body<Order>(await get(me, `order/detail?corpId=demo&orderId=${orderId}`)).data.state).toBe('expired');
      expect(body(await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: addr.addNo })).code).toBe(3102);
    } finally {
      t.clock.advance(-(3 * DAY + 1000));
    }
  });

  it("another customer's or corp's order, or another customer's address, is 404", async () => {
    const me = await login();
    const { orderId, awardId } = await winOrder(me);
    const myAddr = await addAddress(me);
    const other = await login();
    const otherAddr = await addAddress(other);
    const gray = await login(undefined, 'demo-gray');
    expect((await get(other, `order/detail?corpId=demo&orderId=${orderId}`)).statusCode).toBe(404);
    expect((await get(gray, `order/detail?corpId=demo-gray&orderId=${orderId}`)).statusCode).toBe(404);
    const stolen = await post(other, 'v2/order/confirm?corpId=demo', { orderId, addNo: otherAddr.addNo });
    expect(stolen.statusCode).toBe(404);
    // My order with someone else's address.
    const foreign = await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: otherAddr.addNo });
    expect(body(foreign).code).toBe(3001);
    expect(body<Order[]>(await get(other, 'order/list?corpId=demo')).data).toEqual([]);
    // The exchange v2 route confirms the same order when given an address; without one it refuses.
    expect(body(await post(me, 'v2/exchange?corpId=demo', { awardId })).code).toBe(2012);
    const ex = await post(me, 'v2/exchange?corpId=demo', { awardId, addNo: myAddr.addNo });
    expect(body<{ orderState: string }>(ex).data.orderState).toBe('confirmed');
  });

  it('operators ship, deliver and close orders through the allowed moves only', async () => {
    const me = await login();
    const { orderId } = await winOrder(me);
    const addr = await addAddress(me);
    await expect(t.services.orders.moveOrder('demo', orderId, 'shipped')).rejects.toThrow();
    await post(me, 'v2/order/confirm?corpId=demo', { orderId, addNo: addr.addNo });
    await expect(t.services.orders.moveOrder('demo-gray', orderId, 'shipped')).rejects.toThrow();
    await t.services.orders.moveOrder('demo', orderId, 'shipped', 'SF123456');
    await t.services.orders.moveOrder('demo', orderId, 'delivered');
    await expect(t.services.orders.moveOrder('demo', orderId, 'closed')).rejects.toThrow();
    const o = body<Order>(await get(me, `order/detail?corpId=demo&orderId=${orderId}`)).data;
    expect(o).toMatchObject({ state: 'delivered', trackingNo: 'SF123456' });
    expect(o.shippedAt).not.toBeNull();
  });

  it('a ticket shows its code as the QR the qrcode package makes for it', async () => {
    const me = await login();
    const couponId = await winCoupon(me);
    const ticket = body<TicketDetail>(await post(me, 'ticket/detail?corpId=demo', { couponId }, null)).data;
    expect(ticket.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/);
    expect(ticket.qrText).toBe(ticket.code);
    // The campaign's usage rules (claim.couponRules) come with the ticket.
    expect(ticket.usageRules).toEqual(['限本人使用', '不找零']);
    expect(ticket.qrSvg.startsWith('<svg')).toBe(true);
    expect(ticket.qrSvg).toBe(
      await QRCode.toString(ticket.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    );
    // A different text gives a different symbol: the image really encodes this code.
    expect(ticket.qrSvg).not.toBe(await QRCode.toString(`${ticket.code}X`, { type: 'svg', margin: 2 }));
    const types = body<{ types: { kind: string; count: number }[] }>(
      await post(me, 'goods/recent-type?corpId=demo', {}, null),
    );
    expect(types.data.types).toEqual([expect.objectContaining({ kind: 'coupon', count: 1 })]);
  });

  it('a code is used once, with time and channel; concurrent uses → one; expiry from the activity', async () => {
    const mobile = '13755550002';
    let me = await login(mobile);
    const couponId = await winCoupon(me);
    const uses = await Promise.all(
      Array.from({ length: 8 }, () => post(me, 'coupon/use?corpId=demo', { couponId, channel: 'store' })),
    );
    expect(uses.map((r) => body(r).code).sort()).toEqual([0, 3202, 3202, 3202, 3202, 3202, 3202, 3202]);
    const info = body<{ counts: Record<string, number>; list: Coupon[] }>(
      await get(me, 'coupon/info?corpId=demo'),
    ).data;
    expect(info.counts).toEqual({ unused: 0, used: 1, expired: 0, pending: 0, declined: 0 });
    expect(info.list[0]).toMatchObject({ state: 'used', usedChannel: 'store', usedAt: t.clock.now });
    const later = await winCoupon(me);
    t.clock.advance(5 * DAY + 1000);
    try {
      me = await login(mobile);
      const c = body<{ counts: Record<string, number> }>(await get(me, 'coupon/info?corpId=demo')).data;
      expect(c.counts).toEqual({ unused: 0, used: 1, expired: 1, pending: 0, declined: 0 });
      expect(body(await post(me, 'coupon/use?corpId=demo', { couponId: later, channel: 'store' })).code).toBe(3203);
    } finally {
      t.clock.advance(-(5 * DAY + 1000));
    }
  });

  it("another customer's or corp's coupon is 404 and stays unused", async () => {
    const me = await login();
    const couponId = await winCoupon(me);
    const other = await login();
    const gray = await login(undefined, 'demo-gray');
    expect((await post(other, 'ticket/detail?corpId=demo', { couponId }, null)).statusCode).toBe(404);
    expect((await post(other, 'coupon/use?corpId=demo', { couponId, channel: 'store' })).statusCode).toBe(404);
    expect((await post(gray, 'coupon/use?corpId=demo-gray', { couponId, channel: 'store' })).statusCode).toBe(404);
    expect(body<{ list: Coupon[] }>(await get(other, 'coupon/info?corpId=demo')).data.list).toEqual([]);
    const mine = body<{ list: Coupon[] }>(await get(me, 'coupon/info?corpId=demo')).data.list;
    expect(mine.find((c) => c.couponId === couponId)?.state).toBe('unused');
  });
});
