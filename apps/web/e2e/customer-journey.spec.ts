import { expect, test } from '@playwright/test';
import { DEBOUNCE_GAP, loginThroughScreen, settle, signIn, snap } from './helpers';

// Several screens per journey, each with axe, on a shared machine.
test.describe.configure({ timeout: 240_000 });

/** The demo customer (apps/server/campaigns/demo.yaml users[0]): the lijian-spring discount is theirs. */
const DEMO_CUSTOMER = '13800138000';

test('the demo customer: points won and seen, the granted discount in 我的奖品 leads to /lijianDetail and its rules', async ({
  page,
}) => {
  await loginThroughScreen(page, '/commonActivity?corpId=demo&actId=common-signin', DEMO_CUSTOMER);
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByTestId('common-claim').click();
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // 积分天天领 keeps its promise: points, never 谢谢参与.
  await expect(dialog).toHaveAttribute('data-prize-kind', 'points');
  const follow = dialog.getByRole('link', { name: '查看我的积分' });
  expect((await follow.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await snap(page, 'win-points');
  await follow.click();

  await expect(page).toHaveURL(/\/newPrizeList/);
  await expect(page.getByTestId('points-value')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('points-balance')).toContainText('积分兑换即将开放');
  const discount = page.locator('[data-testid="discount-row"][data-discount-id="lijian-spring"]');
  await expect(discount).toBeVisible();
  await settle(page);
  await snap(page, 'prizes-points-discount');
  await discount.getByTestId('discount-use').click();
  await expect(page).toHaveURL(/\/lijianDetail\?discountId=lijian-spring/);
  await page.goBack();
  await discount.getByRole('link', { name: '使用规则' }).click();
  await expect(page).toHaveURL(/\/lijianUseRule\?discountId=lijian-spring/);

  // The same balance on the season's home.
  await page.goto('/pro1?corpId=demo&actId=pro1-season');
  await expect(page.getByTestId('season-wallet')).toContainText(/账户积分 [1-9]/);
  // The points shop is not pretending: nothing to tap, and it says exchange opens soon.
  await page.goto('/visitShop?corpId=demo&actId=pro1-season');
  await expect(page.getByTestId('shop-soon')).toContainText('积分兑换即将开放');
  await expect(page.locator('.visit-shelf a, .visit-shelf button')).toHaveCount(0);
});

test('a ticket won: 查看券码 → code and QR → where to use it → the store on the map, by tapping only', async ({
  page,
}) => {
  await loginThroughScreen(page, '/upStdDraw?corpId=demo&actId=wheel-store');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: /抽奖/ }).click();
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toHaveAttribute('data-prize-kind', 'coupon', { timeout: 15_000 });
  await snap(page, 'win-coupon');
  await dialog.getByTestId('result-view-code').click();
  await expect(page).toHaveURL(/\/coupon\?open=/);
  const ticket = page.getByTestId('ticket-detail');
  await expect(ticket.getByTestId('ticket-qr')).toBeVisible();
  await expect(ticket.getByTestId('ticket-code')).toContainText(/^([0-9A-Z]{4} )+/);
  // The campaign's usage rules (claim.couponRules) under the code.
  await expect(ticket.getByTestId('ticket-usage')).toContainText('每张电影票限兑换一次');
  await settle(page);
  await snap(page, 'ticket-open');
  await ticket.getByTestId('ticket-stores').click();
  await expect(page).toHaveURL(/\/lottStore\?actId=wheel-store/);
  // Only the stores that accept this ticket's prize (by name; the fixture's stores list none: they accept all).
  await expect(page.getByText('以下门店可兑换「电影票」')).toBeVisible();
  const card = page.getByTestId('store-card').first();
  await expect(card).toBeVisible();
  await card.getByTestId('store-navigate').click();
  await expect(page).toHaveURL(/\/lottStore\/mapNavigation\?/);
  await expect(page.getByTestId('store-schematic')).not.toContainText('未接入');
  await settle(page);
  await snap(page, 'ticket-store-map');
});

test('the season invite task opens the inviter’s share page with the QR code and link', async ({ page }) => {
  await loginThroughScreen(page, '/pro1/task?corpId=demo&actId=pro1-season');
  await page.getByTestId('season-task-invite').click();
  await expect(page).toHaveURL(/\/newCustomersShare\?actId=newcust-spring/);
  await expect(page.getByTestId('invite-qr')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('invite-link')).toHaveValue(/^http/);
  await settle(page);
  await snap(page, 'season-invite-share');
});

test('the login names the corp’s documents as links; logging in records the versions agreed to', async ({ page }) => {
  await page.goto('/login?corpId=demo');
  await page.getByTestId('doc-link-terms').click();
  const sheet = page.getByTestId('document-sheet');
  await expect(sheet).toContainText('版本');
  await expect(page.getByRole('dialog', { name: '《用户服务协议》' })).toBeVisible();
  await snap(page, 'login-document-terms');
  await page.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toBeHidden();
  await signIn(page);
  await expect(page).toHaveURL(/\/activityPark/);
  const consents = await page.evaluate(async () => {
    const res = await fetch('/bmcs/api/corp/documents/consents?corpId=demo', {
      headers: { 'x-campaign-client': 'h5' },
    });
    return (await res.json()) as { data: { key: string; version: string; current: boolean }[] };
  });
  expect(consents.data.map((c) => c.key).sort()).toEqual(['privacy', 'terms']);
  expect(consents.data.every((c) => c.current && c.version.length > 0)).toBe(true);
});
