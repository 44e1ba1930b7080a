import type { Address, Coupon, Order } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../testing/campaign';
import { body, H5, startTestApp, type TestApp } from '../testing/harness';
import { seedDemoCustomer } from './demo-customer';

describe('the demo customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());
  const { login } = campaignActions(() => t);

  it('has addresses, an order awaiting its address, coupons in each state, and a live discount; seeded once', async () => {
    expect(await seedDemoCustomer(t.services, t.clock.now)).toBe(true);
    expect(await seedDemoCustomer(t.services, t.clock.now)).toBe(false);
    const me = await login('13800138000');
    const get = async <T>(path: string, method: 'GET' | 'POST' = 'GET') =>
      body<T>(await t.app.inject({ method, url: `/bmcs/api/${path}`, headers: { ...H5, cookie: me } })).data;
    expect(
      (await get<{ list: Address[] }>('address/list?corpId=demo&page_num=1&page_size=10', 'POST')).list,
    ).toHaveLength(2);
    const orders = await get<Order[]>('order/list?corpId=demo');
    expect(orders.map((o) => o.state)).toEqual(['awaiting_address']);
    const coupons = await get<{ counts: Record<string, number>; list: Coupon[] }>('coupon/info?corpId=demo');
    expect(coupons.counts).toEqual({ unused: 1, used: 1, expired: 1, pending: 0, declined: 0 });
    const d = await get<{ status: string; userLeft: number }>('discount/detail?corpId=demo&discountId=lijian-spring');
    expect(d).toMatchObject({ status: 'live', userLeft: 2 });
  });
});
