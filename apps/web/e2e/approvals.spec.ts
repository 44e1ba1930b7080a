import { createHmac, randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEBOUNCE_GAP, loginTo, settle, snap, uniqueMobile } from './helpers';

// Two contexts, several log-ins and an axe pass per screen: slower than one journey on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** The demo corp's published secret (apps/server/campaigns/demo.yaml): the host app signs staff tickets with it. */
const DEMO_SECRET = 'demo-app-secret-please-change-0001';

/** A staff ticket as the host app mints it (docs/decisions/0320-staff-roles.md): payload.HMAC, 5 minutes. */
function staffTicket(staffId: string, roles: string[]): string {
  const payload = {
    typ: 'staff',
    corpId: 'demo',
    staffId,
    roles,
    exp: Math.floor(Date.now() / 1000) + 300,
    nonce: randomBytes(12).toString('hex'),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', DEMO_SECRET).update(body).digest('hex')}`;
}

/** A customer wins the wheel's ¥3,299 prize (e2e/fixtures.yaml: wheel-grand): it waits as 审核中. */
async function winHeldPrize(page: Page, mobile: string): Promise<void> {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-grand', mobile);
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: /抽奖/ }).click();
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toHaveAttribute('data-prize-id', 'tablet', { timeout: 10_000 });
  // Nothing to claim yet: no code, the customer is told it is being reviewed.
  await expect(dialog.getByTestId('result-held')).toContainText('正在人工审核');
  await expect(dialog.getByTestId('coupon-code')).toHaveCount(0);
  await page.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
}

/** The newest pending request for the ¥3,299 prize (pending is listed oldest first). */
const heldRequest = (staff: Page) =>
  staff.locator('[data-testid="approval-row"][data-status="pending"]').filter({ hasText: '¥3,299.00' }).last();

/** The approver's staff session in a context of its own (the host app opens /oatodo with a staff ticket). */
async function approverPage(browser: Browser, staffId = 'approver-wang'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/oatodo?corpId=demo&staffTicket=${encodeURIComponent(staffTicket(staffId, ['approver']))}`);
  await expect(page.getByTestId('staff-who')).toContainText('王审批');
  // The ticket is used once and dropped from the address bar.
  expect(new URL(page.url()).searchParams.get('staffTicket')).toBeNull();
  return page;
}

/** The customer's prize list in a fresh context (a new log-in with the same phone number). */
async function customerPrizes(browser: Browser, mobile: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginTo(page, '/newPrizeList?corpId=demo', mobile);
  return page;
}

test('an approver releases a held prize: 审核中 for the customer, /oatodo → /approve → approved, the prize is ready', async ({
  page,
  browser,
}) => {
  const mobile = uniqueMobile();
  await winHeldPrize(page, mobile);
  await page.getByRole('link', { name: '我的奖品' }).click();
  const held = page.getByTestId('prize-row').filter({ hasText: '平板电脑兑换券' });
  await expect(held).toHaveAttribute('data-status', 'pending_approval');
  await expect(held.getByTestId('prize-review')).toContainText('正在人工审核');
  await expect(held.getByRole('link', { name: '立即使用' })).toHaveCount(0);
  await settle(page);
  await snap(page, 'prize-pending-approval');

  // A customer's session is not a staff session: /oatodo asks for a staff log-in, with the server's 403 text.
  await page.goto('/oatodo?corpId=demo');
  await expect(page.getByTestId('staff-login')).toBeVisible();
  await expect(page.getByTestId('staff-who')).toHaveCount(0);

  const staff = await approverPage(browser);
  const row = heldRequest(staff);
  await expect(row).toContainText('平板电脑兑换券');
  await expect(row).toContainText('大额奖品');
  await settle(staff);
  await snap(staff, 'oatodo');

  await row.click();
  await expect(staff).toHaveURL(/\/approve\?id=/);
  const detail = staff.getByTestId('approval-detail');
  await expect(detail).toHaveAttribute('data-status', 'pending');
  await expect(detail).toContainText('¥1,000.00');
  await expect(staff.getByTestId('approval-trail')).toContainText('提交');
  await settle(staff);
  await snap(staff, 'approve-pending');

  // A reject needs a reason: nothing is sent without one.
  await staff.getByTestId('reject').click();
  await expect(staff.getByTestId('comment-hint')).toHaveText('驳回时请填写原因（至少 2 个字）');
  await expect(detail).toHaveAttribute('data-status', 'pending');

  await staff.getByLabel('意见（驳回时必填）').fill('客户资质已核实');
  await staff.waitForTimeout(DEBOUNCE_GAP);
  await staff.getByTestId('approve').click();
  // ¥3,299 is above ¥1,000: the approver confirms first (issue 21 §6); the dialog passes axe.
  const confirm = staff.getByRole('dialog', { name: '确认通过高价值奖品？' });
  await expect(confirm).toContainText('¥3299');
  await expect(detail).toHaveAttribute('data-status', 'pending');
  await snap(staff, 'approve-confirm');
  await staff.waitForTimeout(DEBOUNCE_GAP);
  await confirm.getByTestId('approve-confirm-ok').click();
  await expect(detail).toHaveAttribute('data-status', 'approved');
  await expect(staff.getByTestId('approval-trail')).toContainText('通过 王审批');
  await expect(staff.getByTestId('approval-trail')).toContainText('客户资质已核实');
  await expect(staff.getByTestId('approve')).toHaveCount(0);
  await settle(staff);
  await snap(staff, 'approve-decided');

  // Back on the list it moved to 已处理.
  await staff.goto('/oatodo?corpId=demo');
  await expect(staff.getByTestId('approval-row').filter({ hasText: '王审批 处理' }).first()).toHaveAttribute(
    'data-status',
    'approved',
  );

  const customer = await customerPrizes(browser, mobile);
  const ready = customer.getByTestId('prize-row').filter({ hasText: '平板电脑兑换券' });
  await expect(ready).toHaveAttribute('data-status', 'issued');
  await expect(ready.getByTestId('coupon-code')).toHaveText(/^[0-9A-Z]{4}( [0-9A-Z]{4})+$/);
  await expect(ready.getByRole('link', { name: '立即使用' })).toBeVisible();
  await settle(customer);
  await snap(customer, 'prize-released');
});

test('a rejected prize: the reason is kept on the request, the customer sees it declined politely', async ({
  page,
  browser,
}) => {
  const mobile = uniqueMobile();
  await winHeldPrize(page, mobile);
  const staff = await approverPage(browser);
  await heldRequest(staff).click();
  await expect(staff.getByTestId('approval-detail')).toHaveAttribute('data-status', 'pending');
  await staff.getByLabel('意见（驳回时必填）').fill('中奖账户存在异常，暂不发放');
  await staff.waitForTimeout(DEBOUNCE_GAP);
  await staff.getByTestId('reject').click();
  await expect(staff.getByTestId('approval-detail')).toHaveAttribute('data-status', 'rejected');
  await expect(staff.getByTestId('approval-trail')).toContainText('中奖账户存在异常');
  await settle(staff);
  await snap(staff, 'approve-rejected');

  const customer = await customerPrizes(browser, mobile);
  const declined = customer.getByTestId('prize-row').filter({ hasText: '平板电脑兑换券' });
  await expect(declined).toHaveAttribute('data-status', 'declined');
  await expect(declined.getByTestId('prize-review')).toContainText('很抱歉');
  await settle(customer);
  await snap(customer, 'prize-declined');

  // The demo's pending rules change (seeded): what changes, and who proposed it.
  await staff.goto('/oatodo?corpId=demo');
  await staff.locator('[data-testid="approval-row"][data-status="pending"]').filter({ hasText: '规则变更' }).click();
  const change = staff.getByTestId('approval-detail');
  await expect(change).toHaveAttribute('data-status', 'pending');
  await expect(change).toContainText('5元立减券 权重');
  await expect(change).toContainText('陈运营');
  await settle(staff);
  await snap(staff, 'approve-rules-change');
});
