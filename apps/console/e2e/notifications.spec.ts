import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn, snap } from './helpers';

// Issue 34 "Done when" 3 at 1440×900: the operator is notified when the approver requests changes, and again
// when they approve. The demo's 信用卡刮刮乐 waits for approval (made and submitted by the operator): the
// approver finds it in their bell, asks for a change; the operator's bell says so and leads to the campaign;
// submitted again, approved, and the operator's bell says that too.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const ID = 'console-card-scratch';
const TITLE = '信用卡刮刮乐';

let operator: Page;
let approver: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  operator = await (await browser.newContext()).newPage();
  approver = await (await browser.newContext()).newPage();
});
test.afterAll(async () => {
  for (const p of [operator, approver]) await p?.context().close();
});

const bell = (page: Page) => page.getByTestId('notification-bell');
const bellList = (page: Page) => page.getByRole('list', { name: '通知' });

/** Reloads a signed-in page: the count is polled every 30 s, a reload reads it now (a busy machine: give it time). */
async function reload(page: Page) {
  await page.reload();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible({ timeout: 60_000 });
}

/** Opens the bell and answers the first entry that mentions `text`. */
async function openBell(page: Page, text: string) {
  await bell(page).click();
  const item = bellList(page).getByRole('link').filter({ hasText: text }).first();
  await expect(item).toBeVisible();
  return item;
}

test('the operator hears of the changes asked for, then of the approval; each entry leads to its screen', async () => {
  await signIn(operator, 'operator');
  // Start from a read bell: whatever the demo seed and earlier journeys said is marked read.
  await bell(operator).click();
  const markAll = operator.getByRole('button', { name: '全部标为已读' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell(operator)).toHaveAccessibleName('通知');
  await bell(operator).click();

  await signIn(approver, 'approver');
  const waiting = await openBell(approver, `「${TITLE}」已提交，等待您审批`);
  await waiting.click();
  await expect(approver).toHaveURL(new RegExp(`/console/approvals\\?id=${ID}$`));
  await approver.getByLabel(/审批意见/).fill('刮奖说明请写明每日次数');
  await approver.getByRole('button', { name: '要求修改' }).click();
  await expect(approver.getByRole('button', { name: TITLE })).toHaveCount(0);

  // The demo's alerts may ring meanwhile too: the count is not asserted exactly.
  await reload(operator);
  await expect(bell(operator)).toHaveAccessibleName(/^通知，\d+ 条未读$/);
  await expect(await openBell(operator, `「${TITLE}」被要求修改`)).toHaveClass(/bell-item--unread/);
  await snap(operator, 'notifications-bell-open');
  await bellList(operator).getByRole('link').filter({ hasText: TITLE }).first().click();
  await expect(operator).toHaveURL(new RegExp(`/console/campaigns/${ID}$`));
  await expect(operator.locator('.console-page__head [data-state]')).toHaveText('需修改');

  await operator.getByRole('button', { name: '编辑' }).click();
  await operator.getByRole('button', { name: '提交审批' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await expect(operator.locator('.console-page__head [data-state]')).toHaveText('待审批', { timeout: 30_000 });

  await approver.goto(`/console/approvals?id=${ID}`);
  await approver.getByRole('button', { name: '批准' }).click();
  await approver.locator('.ant-popconfirm').getByRole('button', { name: '批准' }).click();
  await expect(approver.getByRole('button', { name: TITLE })).toHaveCount(0);

  await reload(operator);
  await expect(bell(operator)).toHaveAccessibleName(/^通知，\d+ 条未读$/);
  const approved = await openBell(operator, `「${TITLE}」已审批通过`);
  await expect(approved).toHaveClass(/bell-item--unread/);
  // Opened, the change request was marked read.
  await expect(
    bellList(operator)
      .getByRole('link')
      .filter({ hasText: `「${TITLE}」被要求修改` }),
  ).not.toHaveClass(/bell-item--unread/);
  await snap(operator, 'notifications-bell-approved');
});
