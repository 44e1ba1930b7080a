import { createHmac, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { loginTo, settle, snap } from './helpers';

/** The demo corp's app secret (demo.yaml): what its payment side signs payment results with. */
const DEMO_SECRET = 'demo-app-secret-please-change-0001';
const API = '/bmcs/api';
const H5 = { 'x-campaign-client': 'h5' };

/** The payment side's server-to-server call (docs/decisions/0140): X-Campaign-Signature over every field. */
async function notifyPayment(
  page: Page,
  n: { orderId: string; paymentId: string; result: 'paid' | 'failed' | 'refunded'; amountCents: number },
  secret = DEMO_SECRET,
) {
  const body = { ...n, notifiedAt: Date.now() };
  const sec = Math.floor(Date.now() / 1000);
  const text = [body.orderId, body.paymentId, body.result, body.amountCents, body.notifiedAt].join('\n');
  const mac = createHmac('sha256', secret).update(`demo\n${sec}\n${text}`).digest('hex');
  // A fresh request context: the payment side has no customer cookie.
  const res = await page.context().request.fetch(`${API}/order/payment-result?corpId=demo`, {
    method: 'POST',
    headers: { ...H5, 'x-campaign-signature': `${sec}.${mac}`, cookie: '' },
    data: body,
  });
  return (await res.json()) as { code: number; data: unknown };
}

/** Through the API with the customer's session: win the blind-box gift, save an address, confirm the order. */
async function confirmedOrder(page: Page): Promise<string> {
  const post = async (path: string, data: object) => {
    const res = await page.request.post(`${API}${path}?corpId=demo`, {
      headers: { ...H5, 'idempotency-key': randomUUID() },
      data,
    });
    return ((await res.json()) as { code: number; data: Record<string, unknown> }).data;
  };
  const draw = await post('/v2/lottery', { actId: 'blindbox-gift' });
  const award = draw.award as { awardId: string };
  const mine = await page.request.get(`${API}/prizes/mine?corpId=demo`, { headers: H5 });
  const prizes = ((await mine.json()) as { data: Array<{ awardId: string; orderId: string }> }).data;
  const orderId = prizes.find((p) => p.awardId === award.awardId)?.orderId ?? '';
  const addr = await post('/address/add', {
    name: '赵六',
    mobile: '13800138000',
    provinceCode: '310000',
    cityCode: '310100',
    districtCode: '310101',
    detail: '南京东路 100 号',
  });
  await post('/v2/order/confirm', { orderId, addNo: addr.addNo as string });
  return orderId;
}

test('my prizes show each coupon’s real state and style each row by what the customer should do', async ({ page }) => {
  // The demo customer (apps/server/src/cli/demo-customer.ts): a gift awaiting its address, coupons unused, used, expired.
  await loginTo(page, '/newPrizeList?corpId=demo', '13800138000');
  const rows = page.getByTestId('prize-row');
  await expect(rows.first()).toBeVisible();
  const expired = rows.filter({ hasText: '已过期' });
  await expect(expired).toHaveCount(1);
  await expect(expired).toHaveAttribute('data-tone', 'stopped');
  await expect(expired.getByRole('link', { name: '立即使用' })).toHaveCount(0);
  const withStatus = (status: string) => page.locator(`[data-testid="prize-row"][data-status="${status}"]`);
  await expect(withStatus('exchanged')).toHaveCount(1);
  await expect(withStatus('exchanged').getByRole('link', { name: '立即使用' })).toHaveCount(0);
  const unused = withStatus('issued');
  await expect(unused).toHaveCount(1);
  await expect(unused.getByRole('link', { name: '立即使用' })).toBeVisible();
  await expect(unused).toContainText('有效期至');
  await settle(page);
  await snap(page, 'prize-list-coupon-states');

  // The tabs are by what to do: the expired coupon is under "已结束", never under "待处理".
  await page.getByRole('tab', { name: '待处理' }).click();
  await expect(rows.filter({ hasText: '已过期' })).toHaveCount(0);
  await expect(withStatus('issued')).toHaveCount(1);
  await page.getByRole('tab', { name: '已结束' }).click();
  await expect(rows.filter({ hasText: '已过期' })).toHaveCount(1);
  await settle(page);
  await snap(page, 'prize-list-ended-tab');
});

test('a payment-linked order: the payment side’s signed results show on the order screen and in my prizes', async ({
  page,
}) => {
  await loginTo(page, '/newPrizeList?corpId=demo');
  const orderId = await confirmedOrder(page);

  // A confirmed physical prize is on its way: not greyed like a used one.
  await page.reload();
  const row = page.getByTestId('prize-row').filter({ hasText: '新春礼盒' });
  await expect(row).toHaveAttribute('data-tone', 'progress');
  await expect(row.getByTestId('order-state')).toHaveAttribute('data-state', 'confirmed');

  // A forged notification changes nothing.
  expect(
    (
      await notifyPayment(
        page,
        { orderId, paymentId: 'pay-e2e-0001', result: 'paid', amountCents: 1500 },
        'forged-secret-0000000000',
      )
    ).code,
  ).toBe(3306);
  await page.goto(`/orderConfirm?corpId=demo&orderId=${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-state', 'confirmed');

  const paid = { orderId, paymentId: 'pay-e2e-0001', result: 'paid', amountCents: 1500 } as const;
  expect(await notifyPayment(page, paid)).toEqual({ code: 0, data: { orderId, state: 'paid', replayed: false } });
  expect(await notifyPayment(page, paid)).toEqual({ code: 0, data: { orderId, state: 'paid', replayed: true } });
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-state', 'paid');
  await expect(page.getByTestId('order-status')).toContainText('已支付');
  await expect(page.getByTestId('order-payment').filter({ hasText: '实付金额' })).toContainText('¥15');
  await expect(page.getByTestId('order-payment').filter({ hasText: '支付单号' })).toContainText('pay-e2e-0001');
  await settle(page);
  await snap(page, 'order-paid');

  expect((await notifyPayment(page, { ...paid, result: 'refunded' })).data).toMatchObject({ state: 'refunded' });
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-state', 'refunded');
  await expect(page.getByTestId('order-status')).toContainText('款项已原路退回');
  await expect(page.getByTestId('order-payment').filter({ hasText: '退款时间' })).toBeVisible();
  await settle(page);
  await snap(page, 'order-refunded');

  await page.goto('/newPrizeList?corpId=demo');
  const after = page.getByTestId('prize-row').filter({ hasText: '新春礼盒' });
  await expect(after.getByTestId('order-state')).toHaveAttribute('data-state', 'refunded');
  await expect(after).toHaveAttribute('data-tone', 'stopped');
});

test('an instant discount’s link: a broken, an unknown and an ended discount each have a designed state', async ({
  page,
}) => {
  await loginTo(page, '/lijianDetail?corpId=demo&discountId=lijian-ended');
  const state = page.getByTestId('lijian-state');
  await expect(state).toContainText('活动已结束');
  await expect(page.getByTestId('lijian-pay')).toHaveCount(0);
  await expect(page.getByTestId('lijian-hero')).toBeVisible();
  await settle(page);
  await snap(page, 'lijian-ended');

  await page.goto('/lijianDetail?corpId=demo&discountId=no-such-discount');
  await expect(state).toContainText('立减活动不存在');
  await settle(page);
  await snap(page, 'lijian-unknown');

  await page.goto('/lijianDetail?corpId=demo');
  await expect(state).toContainText('链接不完整');
  await state.getByRole('link', { name: '看看其他活动' }).click();
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo/);
});
