import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, snap } from './helpers';

// Issue 34 "Done when" 4 at 1440×900 against the real server: the auditor reads a change in the audit trail
// as labels and values, with no JSON. The operator revises the demo's scheduled 金秋九宫格 (a prize's value,
// the banner, a white list); the approver reads the revision's diff and approves it; the auditor opens the
// save in the audit log. Neither screen shows JSON, an epoch-ms number or a draft's English key; the changed
// prize reads by its label and in yuan.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const ID = 'console-autumn-grid';
const TITLE = '金秋九宫格';
/** A 1×1 PNG: the server tells the type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
/** The draft's and the audit record's keys a person must never read. */
const KEYS =
  /\b(kind|activity|prizes|valueCents|stock|weight|image|banner|whiteList|ref|rows|startsAt|endsAt|rev|labels|state|revisionState|approvalsNeeded|page|claim|eligibility|chances)\b/;

let operator: Page;
let approver: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  operator = await (await browser.newContext()).newPage();
  approver = await (await browser.newContext()).newPage();
});
test.afterAll(async () => {
  for (const p of [operator, approver]) await p?.context().close();
});

/** Nothing raw in what `area` shows: no JSON, no 13-digit epoch ms, no English field key. */
async function expectReadable(area: Locator) {
  const text = (await area.innerText()).replace(/\s+/g, ' ');
  expect(text).not.toContain('{"');
  expect(text).not.toMatch(/\d{13}/);
  expect(text).not.toMatch(KEYS);
  return text;
}

test('the operator revises a prize value, the banner and the white list; the approver reads the diff', async () => {
  await signIn(operator, 'operator');
  await operator.goto(`/console/campaigns/${ID}`);
  await operator.getByRole('button', { name: '修改（提交修订）' }).click();
  await operator.getByLabel('奖品 1 价值（元）').fill('12.5');
  await operator.getByTestId('banner-file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(operator.getByTestId('banner-thumb')).toBeVisible();
  const list = '客户号,手机号\nc-001,13800000001\nc-002,13800000002\n';
  await operator
    .getByTestId('white-list-file')
    .setInputFiles({ name: '金秋贵宾.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
  await expect(operator.getByTestId('white-list-rows')).toContainText('2');
  await operator.getByRole('button', { name: '提交审批' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await expect(operator.locator('[data-revision]')).toHaveText('修订待审批', { timeout: 30_000 });

  await signIn(approver, 'approver');
  await approver.getByRole('link', { name: '待我审批' }).click();
  await approver.getByRole('button', { name: TITLE }).click();
  const diff = approver.getByTestId('diff-table');
  const value = diff.locator('[data-path$=".valueCents"]').first();
  await expect(value).toContainText('价值（元）');
  await expect(value).toContainText('¥12.50');
  await expect(diff.locator('[data-path="whiteList"]')).toContainText('金秋贵宾.csv（2 行）');
  await expect(diff.locator('[data-path="banner"] img').first()).toBeVisible();
  await expectReadable(diff);
  await snap(approver, 'approvals-readable-diff');
  await approver.getByRole('button', { name: '批准' }).click();
  await approver.locator('.ant-popconfirm').getByRole('button', { name: '批准' }).click();
  await expect(approver.getByRole('button', { name: TITLE })).toHaveCount(0);
});

test('the auditor reads the save in the audit trail as labels and values, with no JSON', async ({ browser }) => {
  const auditor = await (await browser.newContext()).newPage();
  await signIn(auditor, 'auditor');
  await auditor.getByRole('link', { name: '审计日志' }).click();
  await auditor.getByLabel('操作对象').fill(ID);
  await auditor.getByRole('button', { name: /搜\s?索/ }).click();
  const save = auditor.locator('.ant-table-row').filter({ hasText: '保存活动草稿' }).first();
  await expect(save).toBeVisible();
  // The column reads the first fields in words, the rest as 等 N 项.
  await expectReadable(save.getByTestId('audit-change'));
  await save.locator('.ant-table-row-expand-icon').click();
  const detail = auditor.getByTestId('audit-changes').first();
  const prize = detail.locator('tbody tr').filter({ hasText: '价值（元）' }).first();
  await expect(prize).toContainText('¥12.50');
  await expect(prize.locator('td').first()).toContainText('奖品');
  await expect(detail.locator('tbody tr').filter({ hasText: '白名单' })).toContainText('金秋贵宾.csv（2 行）');
  await expect(detail.locator('tbody tr').filter({ hasText: '横幅图片' }).locator('img')).toBeVisible();
  await expectReadable(detail);
  // The whole 变更 column of the page: every entry of this campaign, in words.
  for (const cell of await auditor.getByTestId('audit-change').all()) await expectReadable(cell);
  await detail.scrollIntoViewIfNeeded();
  await snap(auditor, 'audit-readable-detail');
  await auditor.context().close();
});
