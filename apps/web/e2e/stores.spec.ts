import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { loginTo, settle, snap } from './helpers';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** A staff ticket as the host app would sign it: the operator's CLI on the journeys' database. */
function staffTicket(staffId: string): string {
  const sqlite = join(tmpdir(), `campaign-e2e-${process.env.CAMPAIGN_E2E_RUN}.db`);
  const out = execFileSync('npx', ['tsx', 'apps/server/src/cli/main.ts', 'ticket', '--staff', 'demo', staffId], {
    cwd: repoRoot,
    env: { ...process.env, SQLITE_PATH: sqlite, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1) ?? '';
}

test('a customer finds the nearest store (browser location) and opens navigation', async ({ page, context }) => {
  // Near the Bund, Shanghai, as a phone's GPS reports it (WGS-84).
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 31.2436, longitude: 121.4856 });
  await page.goto('/lottStore?corpId=demo&actId=grid-lucky');
  const cards = page.getByTestId('store-card');
  await expect(cards).toHaveCount(7);
  // Without a location: no distances; the location is asked for only on a tap.
  await expect(page.getByTestId('store-distance')).toHaveCount(0);
  await expect(page.getByTestId('store-locate')).toHaveAttribute('data-state', 'idle');
  await settle(page);
  await snap(page, 'stores-list');

  await page.getByRole('button', { name: '使用我的位置' }).click();
  await expect(page.getByTestId('store-locate')).toHaveAttribute('data-state', 'done');
  await expect(cards.first()).toHaveAttribute('data-store', 'sh-lujiazui');
  await expect(cards.nth(1)).toHaveAttribute('data-store', 'sh-renmin');
  await expect(cards.first().getByTestId('store-distance')).toHaveText(/^\d\.\d km$|^\d+0 m$/);
  await expect(cards.first().getByRole('link', { name: /电话/ })).toHaveAttribute('href', 'tel:02168880101');
  await expect(cards.first()).toContainText(/营业中|已打烊/);
  await settle(page);
  await snap(page, 'stores-list-nearest');

  // City filter and search.
  await page.getByRole('button', { name: /^北京市/ }).click();
  await expect(cards).toHaveCount(2);
  await page.getByTestId('store-search').fill('西单');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-store', 'bj-xidan');
  await page.getByTestId('store-search').fill('');
  await page.getByRole('button', { name: '全部城市' }).click();
  await expect(cards).toHaveCount(7);

  await cards.first().getByTestId('store-navigate').click();
  await expect(page).toHaveURL(/\/lottStore\/mapNavigation\?listId=spring-redeem&storeId=sh-lujiazui/);
  const detail = page.getByTestId('store-detail');
  await expect(detail).toContainText('陆家嘴支行');
  await expect(detail).toContainText('周一至周五');
  // No map provider in the demo: the designed schematic with the nearby stores, never a blank box.
  await expect(page.getByTestId('store-schematic')).toBeVisible();
  await expect(page.getByTestId('store-schematic')).toContainText('人民广场支行');
  await expect(page.getByTestId('store-map')).toHaveCount(0);
  // Each map app gets the point in its own system: GCJ-02 for Amap, BD-09 for Baidu.
  await expect(page.getByTestId('nav-amap')).toHaveAttribute('href', /to=121\.504957,31\.239747,/);
  await expect(page.getByTestId('nav-baidu')).toHaveAttribute('href', /latlng:31\.24\d+,121\.51\d+/);
  await expect(page.getByTestId('nav-apple')).toHaveAttribute('href', /daddr=31\.239747,121\.504957/);
  await settle(page);
  await snap(page, 'stores-map-fallback');
  // Leaflet is not loaded without a tile source.
  const leaflet = await page.evaluate(() =>
    performance.getEntriesByType('resource').some((e) => /leaflet/i.test(e.name)),
  );
  expect(leaflet).toBe(false);
});

test('a clerk redeems a customer’s ticket once; a second redemption is told who, where and when', async ({
  page,
  browser,
}) => {
  // The customer wins a ticket (every draw of wheel-store does) and sees it in their coupons.
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-store');
  await expect(page.getByTestId('chances-left')).toContainText('5');
  const answer = page.waitForResponse((r) => r.url().includes('/lottery') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /抽奖/ }).click();
  const won = (await (await answer).json()) as { data: { award: { couponCode: string | null } | null } };
  const code = won.data.award?.couponCode ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4})+/);

  // The clerk, on the counter's device: opened by the host app with a staff ticket.
  const desk = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const clerk = await desk.newPage();
  await clerk.goto(`/lottStore?corpId=demo&mode=redeem&staffTicket=${encodeURIComponent(staffTicket('clerk-li'))}`);
  await expect(clerk.getByTestId('redeem-desk')).toContainText('李店员');
  await expect(clerk).not.toHaveURL(/staffTicket/);
  await clerk.getByTestId('redeem-store').selectOption('sh-renmin');
  // Typed the way people read it out: lower case, spaces instead of dashes.
  await clerk.getByTestId('redeem-code').fill(code.toLowerCase().replaceAll('-', ' '));
  await clerk.getByTestId('redeem-lookup').click();
  const ticket = clerk.getByTestId('redeem-ticket');
  await expect(ticket).toHaveAttribute('data-state', 'unused');
  await expect(ticket).toContainText('电影票');
  await expect(ticket).toContainText('可核销');
  await settle(clerk);
  await snap(clerk, 'redeem-lookup');
  await clerk.getByTestId('redeem-do').click();
  await expect(ticket).toHaveAttribute('data-state', 'redeemed');
  await expect(clerk.getByTestId('redeem-by')).toContainText('由 李店员 在 人民广场支行 核销');
  await settle(clerk);
  await snap(clerk, 'redeem-done');

  // A second redemption, at the other store of the list: refused with who, where and when.
  await clerk.getByTestId('redeem-store').selectOption('sh-lujiazui');
  await clerk.getByTestId('redeem-lookup').click();
  await expect(ticket).toHaveAttribute('data-state', 'redeemed');
  await expect(clerk.getByTestId('redeem-do')).toHaveCount(0);
  const second = await clerk.evaluate(async (c) => {
    const res = await fetch('/bmcs/api/store-list-relation/redeem?corpId=demo', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-campaign-client': 'h5',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ code: c, storeId: 'sh-lujiazui' }),
    });
    return (await res.json()) as { code: number; data: string };
  }, code);
  expect(second.code).toBe(3508);
  expect(second.data).toMatch(/^该券已核销：\d{4}-\d\d-\d\d \d\d:\d\d 由 李店员 在 人民广场支行 核销$/);
  await settle(clerk);
  await snap(clerk, 'redeem-already');
  await desk.close();

  // The customer's coupons show it redeemed (已核销).
  await page.goto('/coupon?corpId=demo&tab=used');
  const card = page.getByTestId('coupon-card').filter({ hasText: '电影票' }).first();
  await expect(card).toHaveAttribute('data-state', 'used');
  await expect(card).toContainText('已核销');
});

test('a customer’s session at the counter is refused (staff only)', async ({ page }) => {
  await loginTo(page, '/lottStore?corpId=demo&mode=redeem');
  // The server's 403 (a customer session is not staff), shown with the staff log-in panel.
  await expect(page.getByTestId('staff-login')).toContainText('您没有权限查看此页面');
  await expect(page.getByTestId('redeem-desk')).toHaveCount(0);
  await settle(page);
  await snap(page, 'redeem-staff-only');
});
