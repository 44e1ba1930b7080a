import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import iconv from 'iconv-lite';
import { signIn, snap } from './helpers';

// Issue 23 "Done when" 1–7 at 1440×900 against the real server: an operator makes a wheel campaign from
// nothing (banner, GBK white list, prizes, rules), previews, simulates and submits it; the approver asks for
// a change, then approves; at its start it is live and a customer draws in the H5; pause (the customer sees
// it) and resume; a stock top-up revision is approved; at the end the seed is revealed and checked; the
// auditor verifies and exports the log, `audit verify` passes, and one row edited in the database fails it.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

const repoRoot = resolve(import.meta.dirname, '../../..');
const sqlitePath = join(tmpdir(), `campaign-console-e2e-${process.env.CAMPAIGN_CONSOLE_E2E_RUN}.db`);
const TITLE = '双十二幸运大转盘';
const RULES =
  '一、活动期间每位客户每天可抽奖三次。\n二、实物奖品请在中奖后七天内填写收货地址。\n三、本活动奖品数量有限，先到先得。';
/** A 1×1 PNG: the server tells the type from these bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
/** China time for a datetime input, minutes only. */
const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);
const MINUTE = 60_000;

let operator: Page;
let approver: Page;
let customer: Page;
let id = '';
let startsAt = 0;
let endsAt = 0;
let drawId = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  operator = await (await browser.newContext()).newPage();
  approver = await (await browser.newContext()).newPage();
  customer = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })).newPage();
});
test.afterAll(async () => {
  for (const p of [operator, approver, customer]) await p?.context().close();
});

async function detailState(page: Page, label: string, timeout = 10_000) {
  await expect(page.locator('.console-page__head [data-state]')).toHaveText(label, { timeout });
}

test('1. the operator creates a wheel campaign: banner, GBK white list, prizes, rules; preview, simulate, submit', async () => {
  await signIn(operator, 'operator');
  await operator.getByRole('link', { name: '活动管理' }).click();
  await expect(operator.getByRole('heading', { name: '活动管理' })).toBeVisible();
  await snap(operator, 'campaigns-list');
  await operator.getByRole('button', { name: '新建活动' }).click();
  const dialog = operator.getByRole('dialog', { name: '新建活动' });
  await dialog.getByRole('radio', { name: /大转盘/ }).check();
  await dialog.getByLabel('活动名称').fill(TITLE);
  await snap(operator, 'campaigns-create');
  await dialog.getByRole('button', { name: '创建草稿' }).click();
  await expect(operator).toHaveURL(/\/console\/campaigns\/[^/]+\/edit$/, { timeout: 30_000 });
  id = decodeURIComponent(/campaigns\/([^/]+)\/edit/.exec(operator.url())?.[1] ?? '');

  // Dates a few minutes ahead: it goes live at its start, ends a few minutes later. Five minutes live: on a
  // busy machine the review, the customer's draw, the pause and the top-up took more than two (2026-12-01).
  startsAt = Math.ceil((Date.now() + 2 * MINUTE) / MINUTE) * MINUTE;
  endsAt = startsAt + 5 * MINUTE;
  await operator.getByLabel('开始时间').fill(local(startsAt));
  await operator.getByLabel('结束时间').fill(local(endsAt));
  // Its own entry slot: the demo's live wheel holds the default one.
  await operator.getByLabel('入口位置').fill(`page:wheel-${Date.now()}`);
  // Both typed times counted (the second is typed while the first one's change re-renders the form).
  await expect(operator.getByLabel('开始时间')).toHaveValue(local(startsAt).replace('T', ' '));
  await expect(operator.getByLabel('结束时间')).toHaveValue(local(endsAt).replace('T', ' '));
  await operator.getByLabel('活动规则').fill('Draw three times a day.');
  // The server's check, under the field, while typing.
  await expect(operator.locator('.of-field--error').getByRole('alert')).toContainText('中文');
  await operator.getByLabel('活动规则').fill(RULES);

  await operator.getByTestId('banner-file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(operator.getByTestId('banner-thumb')).toBeVisible();
  // A white list exported from a Chinese spreadsheet: GBK. A bad file first (line errors, nothing stored).
  const bad = iconv.encode('客户号,手机号\nc-001,13800000001\n张 三,12\n', 'gbk');
  await operator.getByTestId('white-list-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: bad });
  await expect(operator.getByTestId('white-list-errors')).toContainText('3');
  const good = iconv.encode('客户号,手机号\nc-001,13800000001\nc-002,13800000002\nc-003,13800000003\n', 'gbk');
  await operator
    .getByTestId('white-list-file')
    .setInputFiles({ name: '白名单.csv', mimeType: 'text/csv', buffer: good });
  await expect(operator.getByTestId('white-list-rows')).toContainText('3');
  // The list vanishes from under the draft (deleted in the database): the box no longer says it is imported,
  // the check names it, and uploading the file again mends it.
  const listDb = new Database(sqlitePath);
  listDb.prepare("delete from campaign_list where campaign_id = ? and kind = 'whiteList'").run(id);
  listDb.close();
  await operator.getByLabel('奖品 1 库存').fill('21');
  await expect(operator.getByTestId('white-list-missing')).toHaveText('找不到这份白名单，请重新上传', {
    timeout: 10_000,
  });
  await expect(operator.getByTestId('white-list-rows')).toHaveCount(0);
  await operator
    .getByTestId('white-list-file')
    .setInputFiles({ name: '白名单.csv', mimeType: 'text/csv', buffer: good });
  await expect(operator.getByTestId('white-list-rows')).toContainText('3');
  await expect(operator.getByTestId('white-list-missing')).toHaveCount(0, { timeout: 10_000 });

  // The prize table, and beside it the odds as published, cost per 1,000 draws and exposure, live.
  const exposure = operator.getByTestId('exposure');
  const before = await exposure.textContent();
  await operator.getByLabel('奖品 1 库存').fill('20');
  await expect(exposure).not.toHaveText(before ?? '');
  await operator.getByLabel('奖品 1 价值（元）').fill('60000');
  await expect(operator.getByTestId('check-errors')).toContainText('50,000', { timeout: 10_000 });
  await snap(operator, 'campaigns-editor-errors');
  await operator.getByLabel('奖品 1 价值（元）').fill('299');
  await expect(operator.getByTestId('odds-preview')).toContainText('%');
  await operator.getByRole('button', { name: '保存' }).click();
  await expect(operator.getByText(/已保存/)).toBeVisible();
  await snap(operator, 'campaigns-editor');

  await operator.getByRole('button', { name: '运行模拟' }).click();
  await expect(operator.getByTestId('over-budget')).toContainText('%', { timeout: 20_000 });
  await snap(operator, 'campaigns-simulate');

  await operator.getByRole('button', { name: '预览' }).click();
  const preview = operator.getByRole('dialog', { name: /预览/ });
  await expect(preview.getByLabel('预览链接')).toHaveValue(/preview/);
  await snap(operator, 'campaigns-preview');
  await operator.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await operator.getByRole('button', { name: '提交审批' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await expect(operator).toHaveURL(new RegExp(`/console/campaigns/${id}$`), { timeout: 30_000 });
  await detailState(operator, '待审批');
});

test('2. the approver reads the diff and requests changes; the operator fixes them; the approver approves', async () => {
  await signIn(approver, 'approver');
  await approver.getByRole('link', { name: '待我审批' }).click();
  await approver.getByRole('button', { name: TITLE }).click();
  const diff = approver.getByTestId('diff-table');
  await expect(diff).toContainText('活动名称');
  await expect(diff).toContainText(TITLE);
  await snap(approver, 'approvals-diff');
  await approver.getByLabel(/审批意见/).fill('一等奖库存请改为 5 个');
  await approver.getByRole('button', { name: '要求修改' }).click();
  // Off the approver's queue (the demo keeps another campaign waiting there).
  await expect(approver.getByRole('button', { name: TITLE })).toHaveCount(0);
  await snap(approver, 'approvals-after-review');

  await operator.reload();
  await detailState(operator, '需修改');
  await expect(operator.getByTestId('review-item').first()).toContainText('一等奖库存请改为 5 个');
  await snap(operator, 'campaigns-detail-changes');
  await operator.getByRole('button', { name: '编辑' }).click();
  await operator.getByLabel('奖品 1 库存').fill('5');
  await operator.getByRole('button', { name: '提交审批' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await detailState(operator, '待审批');

  await approver.reload();
  await approver.getByRole('button', { name: TITLE }).click();
  await expect(approver.getByTestId('diff-table')).toContainText('库存');
  await approver.getByRole('button', { name: '批准' }).click();
  await approver.locator('.ant-popconfirm').getByRole('button', { name: '批准' }).click();
  await expect(approver.getByRole('button', { name: TITLE })).toHaveCount(0);
  await operator.reload();
  await detailState(operator, Date.now() < startsAt ? '待上线' : '进行中');
  await expect(operator.getByTestId('commitment')).toHaveText(/^[0-9a-f]{64}$/);
});

test('3. at its start the campaign is live, and a customer draws on it in the H5', async () => {
  await expect
    .poll(
      async () => {
        await operator.reload();
        return operator.locator('.console-page__head [data-state]').textContent();
      },
      { timeout: Math.max(30_000, startsAt - Date.now() + 30_000), intervals: [5_000] },
    )
    .toBe('进行中');
  await snap(operator, 'campaigns-detail-live');
  const target = `/upStdDraw?corpId=demo&actId=${encodeURIComponent(id)}`;
  await customer.goto(`/login?corpId=demo&redirect=${encodeURIComponent(target)}`);
  await customer.getByLabel('手机号').fill('13800000001');
  await customer.waitForTimeout(400);
  await customer.getByTestId('send-code').click();
  await customer.getByLabel('验证码').fill('123456');
  await customer.waitForTimeout(400);
  await customer.getByRole('button', { name: '登录', exact: true }).click();
  await expect(customer.getByRole('heading', { name: TITLE })).toBeVisible();
  const answer = customer.waitForResponse((r) => /\/lottery/.test(r.url()));
  await customer.getByRole('button', { name: /抽奖/ }).click();
  const body = (await (await answer).json()) as { data: { drawId?: string; id?: string } };
  drawId = body.data.drawId ?? body.data.id ?? '';
  await expect(customer.getByTestId('result-dialog')).toBeVisible();
});

test('4. pause: the customer sees the paused state within 2 s; resume', async () => {
  await operator.getByRole('button', { name: '暂停' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '暂停' }).click();
  await detailState(operator, '已暂停');
  await customer.goto(`/upStdDraw?corpId=demo&actId=${encodeURIComponent(id)}`);
  await expect(customer.getByTestId('state-panel')).toHaveAttribute('data-state', 'paused', { timeout: 2_000 });
  await operator.getByRole('button', { name: '恢复' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '恢复' }).click();
  await detailState(operator, '进行中');
  // The campaign's own record says who paused and resumed it (an operator cannot read the audit log).
  const record = operator.getByTestId('history-item');
  await expect(record.filter({ hasText: '暂停活动 · 陈运营' })).toHaveCount(1);
  await expect(record.last()).toContainText('恢复活动 · 陈运营');
  await customer.reload();
  await expect(customer.getByRole('button', { name: /抽奖/ })).toBeVisible({ timeout: 5_000 });
});

test('5. a stock top-up, as a revision, is approved', async () => {
  await operator.getByRole('button', { name: '修改（提交修订）' }).click();
  await operator.getByLabel('奖品 2 库存').fill('900');
  await operator.getByRole('button', { name: '提交审批' }).click();
  await operator.locator('.ant-popconfirm').getByRole('button', { name: '提交' }).click();
  await expect(operator.locator('[data-revision]')).toHaveText('修订待审批');
  await approver.reload();
  await approver.getByRole('button', { name: TITLE }).click();
  await expect(approver.getByTestId('diff-table')).toContainText('900');
  await snap(approver, 'approvals-revision');
  await approver.getByRole('button', { name: '批准' }).click();
  await approver.locator('.ant-popconfirm').getByRole('button', { name: '批准' }).click();
  await expect(approver.getByRole('button', { name: TITLE })).toHaveCount(0);
  await operator.reload();
  await expect(operator.locator('[data-revision]')).toHaveCount(0);
});

test('6. at the end the seed is revealed and checked against the commitment', async () => {
  const state = operator.locator('.console-page__head [data-state]');
  await expect
    .poll(
      async () => {
        await operator.reload();
        return state.textContent();
      },
      { timeout: Math.max(30_000, endsAt - Date.now() + 60_000), intervals: [5_000] },
    )
    .toBe('已结束');
  await expect(operator.getByTestId('seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(operator.getByTestId('seed-check')).toContainText('通过');
  await snap(operator, 'campaigns-detail-ended');
  if (drawId) {
    await customer.goto(`/verify?corpId=demo&drawId=${encodeURIComponent(drawId)}`);
    await expect(customer.getByTestId('verify-verdict')).toContainText('验证通过');
  }
});

test('7. the auditor verifies and exports the log; `audit verify` passes; an edited row fails it', async ({
  browser,
}) => {
  const auditor = await (await browser.newContext()).newPage();
  await signIn(auditor, 'auditor');
  await auditor.getByRole('link', { name: '审计日志' }).click();
  await auditor.getByRole('button', { name: '校验哈希链' }).click();
  await expect(auditor.getByTestId('verify-result')).not.toHaveAttribute('role', 'alert');
  const download = auditor.waitForEvent('download');
  await auditor.getByRole('button', { name: /导出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  const cli = (args: string[]) =>
    execFileSync('npx', ['tsx', 'apps/server/src/cli/main.ts', 'audit', 'verify', 'demo', ...args], {
      cwd: repoRoot,
      env: { ...process.env, SQLITE_PATH: sqlitePath, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
  cli([]);
  const db = new Database(sqlitePath);
  const where = "corp_id = 'demo' AND action = 'campaign.pause'";
  const original = db.prepare(`SELECT rowid, after FROM audit_log WHERE ${where}`).get() as {
    rowid: number;
    after: string;
  };
  // The database refuses the change (ADR 0331); an attacker with DDL rights drops the guard first.
  const tamper = db.prepare('UPDATE audit_log SET after = ? WHERE rowid = ?');
  expect(() => tamper.run('{"state":"live"}', original.rowid)).toThrow(/append-only/);
  const guard = db
    .prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'audit_log_no_update'`)
    .get() as {
    sql: string;
  };
  db.exec('DROP TRIGGER audit_log_no_update');
  tamper.run('{"state":"live"}', original.rowid);
  expect(() => cli([])).toThrow();
  await auditor.getByRole('button', { name: '校验哈希链' }).click();
  await expect(auditor.getByTestId('verify-result')).toHaveAttribute('role', 'alert');
  // The row put back as it was: the chain is whole again (and the other journeys' audit checks see it whole).
  tamper.run(original.after, original.rowid);
  db.exec(guard.sql);
  db.close();
  cli([]);
  await auditor.context().close();
});

test('8. a new staff list starts as the corp’s list, console roles included; nothing to preview', async () => {
  await operator.getByRole('link', { name: '活动管理' }).first().click();
  await operator.getByRole('button', { name: '新建活动' }).click();
  const dialog = operator.getByRole('dialog', { name: '新建活动' });
  await dialog.getByRole('radio', { name: /人员名单/ }).check();
  await dialog.getByLabel('活动名称').fill('门店人员调整');
  await dialog.getByRole('button', { name: '创建草稿' }).click();
  await expect(operator).toHaveURL(/\/console\/campaigns\/[^/]+\/edit$/, { timeout: 30_000 });
  // The members as they are now, console roles included.
  for (const name of ['周管理员', '王审批', '陈运营', '李店员']) {
    await expect(operator.locator('input').and(operator.locator(`[value="${name}"]`))).toHaveCount(1);
  }
  // Roles are picked by their Chinese names; a staff list has no banner or white list.
  await expect(operator.locator('.ant-select-selection-item').filter({ hasText: '管理员' }).first()).toBeVisible();
  await expect(operator.getByText('横幅与白名单')).toHaveCount(0);
  await expect(operator.getByRole('button', { name: '预览' })).toHaveCount(0);
  await snap(operator, 'campaigns-staff-list');
});
