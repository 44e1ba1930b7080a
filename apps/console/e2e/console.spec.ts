import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { CONSOLE_E2E_DB, REPO_ROOT } from '../playwright.config';
import { account, DEMO_PASSWORD, freshCode, signIn, snap } from './helpers';

// The console platform's journeys at 1440×900 (issue 23): sign-in with TOTP, lockout, single sign-on
// through a real OpenID Connect provider, staff admin, settings, audit verify and export, role gating.
// Every account signs in once (a TOTP code is accepted once): the admin's page is shared in order.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let admin: Page;
/** What the console's Content-Security-Policy refused on any page of this file (ADR 0333): nothing, ever. */
const cspViolations: string[] = [];
const watchCsp = (page: Page) =>
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  admin = await (await browser.newContext()).newPage();
  watchCsp(admin);
});
test.afterAll(async () => admin?.context().close());

test('sign-in with password and TOTP: the admin lands on the first section the roles allow', async () => {
  await admin.goto('/console/?corpId=demo');
  await expect(admin.getByText('招财生活银行（演示）')).toBeVisible();
  await snap(admin, 'console-sign-in');
  // A wrong code first: a designed error, nothing else happens.
  await admin.getByLabel('登录名').fill('admin');
  await admin.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await admin.getByLabel('动态验证码').fill('000000');
  await admin.getByRole('button', { name: '登录', exact: true }).click();
  await expect(admin.getByRole('alert')).toContainText('登录名、密码或动态验证码不正确');
  await snap(admin, 'console-sign-in-error');
  await admin.getByLabel('动态验证码').fill(await freshCode('admin'));
  await admin.getByRole('button', { name: '登录', exact: true }).click();
  // The admin reads the campaigns (the first section) and changes none of them.
  await expect(admin).toHaveURL(/\/console\/campaigns$/);
  await expect(admin.getByRole('button', { name: '新建活动' })).toHaveCount(0);
  const menu = admin.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('link')).toHaveText([
    '活动管理',
    '审计日志',
    '报表导出',
    '对账',
    '告警',
    '风控',
    '门店管理',
    '人员与权限',
    '机构设置',
  ]);
  await menu.getByRole('link', { name: '审计日志' }).click();
  await expect(admin.getByRole('cell', { name: '登录', exact: true }).first()).toBeVisible();
});

test('staff admin: add a member (first password and QR shown once), change roles, disable', async () => {
  await admin.getByRole('link', { name: '人员与权限' }).click();
  // The audit log under it names the same people (the demo campaigns' entries): wait for the staff screen.
  await expect(admin).toHaveURL(/\/console\/staff$/);
  await expect(admin.getByRole('heading', { name: '人员与权限', level: 1 })).toBeVisible();
  await expect(admin.getByRole('cell', { name: '陈运营 operator-chen' })).toBeVisible();
  await snap(admin, 'console-staff');
  await admin.getByRole('button', { name: '添加人员' }).click();
  const dialog = admin.getByRole('dialog', { name: '添加人员' });
  await dialog.getByLabel('人员编号').fill('ops-liu');
  await dialog.getByLabel('姓名').fill('刘运营');
  await dialog.getByLabel('登录名').fill('liu.ops');
  await snap(admin, 'console-staff-add');
  await dialog.getByRole('button', { name: '保存' }).click();
  const shown = admin.getByRole('dialog', { name: '已添加 刘运营' });
  await expect(shown.getByTestId('first-password')).toHaveText(/^[A-Za-z2-9]{16}$/);
  await expect(shown.getByRole('img', { name: 'otpauth QR' })).toBeVisible();
  // Without a camera: the account and the setup key an authenticator app asks for, in groups of four.
  await expect(shown).toContainText('demo:liu.ops');
  await expect(shown.getByTestId('setup-key')).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  await snap(admin, 'console-staff-created');
  await shown.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  const row = admin.getByRole('row', { name: /刘运营/ });
  await expect(row).toContainText('liu.ops');
  await row.getByRole('button', { name: '调整岗位 刘运营' }).click();
  const roles = admin.getByRole('dialog', { name: /调整岗位/ });
  await roles.getByRole('checkbox', { name: '审计' }).check();
  await roles.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('审计');
  await row.getByRole('button', { name: '停用 刘运营' }).click();
  await admin.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已停用');
  // Nobody disables themself.
  await expect(
    admin.getByRole('row', { name: /周管理员/ }).getByRole('button', { name: '停用 周管理员' }),
  ).toBeDisabled();
});

test('settings: a two-tier approval policy, then the kill switch on (reason, typed corp id) and off', async ({
  browser,
}) => {
  // Another console user, on 活动管理 when the admin stops everything: nobody reloads their page.
  const op = await (await browser.newContext()).newPage();
  watchCsp(op);
  await signIn(op, 'operator');
  await op.getByRole('link', { name: '活动管理' }).click();
  const running = op.locator('tbody').locator('[data-state="live"], [data-state="scheduled"]');
  await expect(running.first()).toBeVisible();
  await expect(op.getByTestId('kill-banner')).toHaveCount(0);
  await admin.getByRole('link', { name: '机构设置' }).click();
  await expect(admin.getByTestId('policy-summary')).toHaveText('常规 1 人审批');
  await admin.getByRole('checkbox', { name: '预算超过一定金额时需要更多审批人' }).check();
  await admin.getByLabel('预算超过（元）').fill('50000');
  await admin.getByLabel('需要审批人数', { exact: true }).fill('2');
  await admin.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByTestId('policy-summary')).toHaveText('常规 1 人审批；预算超过 ¥50,000.00 时 2 人审批');
  await snap(admin, 'console-settings');
  await admin.getByRole('button', { name: '紧急停止全部活动' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('停止原因').fill('奖品供应商故障，暂停全部活动');
  await dialog.getByLabel(/请输入机构号 demo 以确认/).fill('demo');
  await snap(admin, 'console-kill-switch-confirm');
  await dialog.getByRole('button', { name: '紧急停止全部活动' }).click();
  await expect(admin.getByTestId('kill-state')).toHaveText('全部活动已紧急停止');
  await expect(admin.getByRole('main').getByText(/原因：奖品供应商故障/)).toBeVisible();
  // Halted, the card says what resuming does, not what stopping would.
  await expect(admin.getByText(/^恢复后，各节点 2 秒内重新受理/)).toBeVisible();
  await expect(admin.getByText(/^开启后/)).toHaveCount(0);
  await snap(admin, 'console-settings-halted');
  await expect(admin.getByTestId('kill-banner')).toContainText('本机构已紧急停止全部活动');
  // The operator's page learns it by itself within a few seconds: a banner, and no campaign still says it runs.
  const banner = op.getByTestId('kill-banner');
  await expect(banner).toContainText('原因：奖品供应商故障', { timeout: 8_000 });
  await expect(banner).toContainText('如需恢复，请联系本机构管理员');
  await expect(running).toHaveCount(0);
  const halted = op.locator('tbody tr').filter({ has: op.locator('[data-state="halted"]') });
  await expect(halted.first()).toContainText('已紧急停止');
  await halted.first().getByRole('link').first().click();
  await expect(op.getByTestId('campaign-halted')).toContainText('此活动暂不受理');
  await expect(op.locator('.console-page__head [data-state]').first()).toHaveText('已紧急停止');
  await snap(op, 'console-campaign-halted');
  // The customers' side: the corp's activities read as paused.
  const park = await admin.request.get('/bmcs/api/activity/park?corpId=demo');
  const activities = ((await park.json()) as { data: { status: string }[] }).data;
  expect(activities.filter((a) => a.status === 'live')).toEqual([]);
  await admin.getByRole('button', { name: '恢复全部活动' }).click();
  await admin
    .getByRole('dialog')
    .getByLabel(/请输入机构号 demo 以确认/)
    .fill('demo');
  await admin.getByRole('dialog').getByRole('button', { name: '恢复全部活动' }).click();
  await expect(admin.getByTestId('kill-state')).toHaveText('全部活动正常运行');
  await expect(admin.getByText(/^开启后，本机构全部活动立即暂停/)).toBeVisible();
  await expect(op.getByTestId('kill-banner')).toHaveCount(0, { timeout: 8_000 });
  await expect(op.getByTestId('campaign-halted')).toHaveCount(0);
  await expect(op.locator('.console-page__head [data-state]').first()).not.toHaveText('已紧急停止');
  await op.context().close();
  expect(cspViolations).toEqual([]);
});

test('audit: every change above is on the record; verify the chain; export CSV; filter by action', async () => {
  await admin.getByRole('link', { name: '审计日志' }).click();
  await expect(admin.getByRole('cell', { name: '紧急停止 / 恢复' }).first()).toBeVisible();
  await admin.getByRole('button', { name: '校验哈希链' }).click();
  await expect(admin.getByTestId('verify-result')).toContainText('哈希链完整');
  await snap(admin, 'console-audit-verified');
  const [file] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: '导出 CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF序号,时间')).toBe(true);
  expect(csv).toContain('settings.kill-switch');
  expect(csv).toContain('staff.add');
  await admin.getByRole('combobox', { name: '操作类型' }).click();
  // The campaigns' actions are in the list too: the auditor types to narrow it.
  await admin.getByRole('combobox', { name: '操作类型' }).fill('添加');
  await admin.getByTitle('添加人员').click();
  await admin.getByRole('button', { name: '搜索' }).click();
  // Only 添加人员 entries are listed (the account journey, run before this file, added a member too): this
  // journey's is among them, once.
  const listed = admin.locator('tbody tr.ant-table-row');
  await expect(listed.filter({ hasText: 'liu.ops' })).toHaveCount(1);
  await expect(listed.filter({ hasNotText: '添加人员' })).toHaveCount(0);
  // The 对象 column names the member, not their id.
  await expect(listed.filter({ hasText: 'liu.ops' }).getByTestId('audit-subject')).toHaveText('刘运营');
  await listed.filter({ hasText: 'liu.ops' }).getByRole('button', { name: '展开行' }).click();
  // The entry reads as labels and values (issue 34), not the record's JSON.
  const changes = admin.getByTestId('audit-changes');
  await expect(changes.getByRole('row').filter({ hasText: 'liu.ops' })).toContainText('登录名');
  await expect(changes).not.toContainText('"login"');
  await snap(admin, 'console-audit-detail');
});

test('five wrong codes hold this address’s attempts at the login for 15 minutes, said plainly', async ({ page }) => {
  await page.goto('/console/?corpId=demo');
  await page.getByLabel('登录名').fill('approver2');
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('动态验证码').fill(String(100000 + i));
    // Each answer awaited: the same message again says nothing about whether this attempt was answered.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/console/auth/sign-in')),
      page.getByRole('button', { name: '登录', exact: true }).click(),
    ]);
    await expect(page.getByRole('alert')).toContainText('登录名、密码或动态验证码不正确');
  }
  // The sixth attempt waits for the window, the right code included (an unknown login would be told the same).
  await page.getByLabel('动态验证码').fill(await freshCode('approver2'));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('登录尝试次数过多，请稍后再试');
  await snap(page, 'console-locked');
  // The runbook's way out (README): `npm run cli -- staff unlock`. Later journeys (kinds.spec's second approver)
  // sign in with this login from this address.
  const unlock = spawnSync(
    'npx',
    ['tsx', 'apps/server/src/cli/main.ts', 'staff', 'unlock', 'demo', account('approver2').staffId],
    { cwd: REPO_ROOT, env: { ...process.env, SQLITE_PATH: CONSOLE_E2E_DB, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  expect(unlock.status, unlock.stderr).toBe(0);
});

test('single sign-on through the real provider: roles from the staff list, narrowed by the claim', async ({ page }) => {
  await page.goto('/console/?corpId=e2e-sso');
  await expect(page.getByText('统一认证测试分行')).toBeVisible();
  await snap(page, 'console-sign-in-sso');
  await page.getByTestId('sso').click();
  // The provider's own (development) sign-in and consent pages.
  await page.locator('input[name="login"]').fill('approver-zhao');
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/console\/campaigns$/);
  await expect(page.getByText('赵主管')).toBeVisible();
  await expect(page.getByText('SSO', { exact: true })).toBeVisible();
  const menu = page.getByRole('navigation', { name: '主菜单' });
  // The staff list grants approver and operator; the provider's roles claim says approver: approver only.
  await expect(menu.getByRole('link')).toHaveText([
    /活动管理/,
    /待我审批/,
    /数据看板/,
    '对账',
    '告警',
    '风控',
    '门店管理',
    '机构设置',
  ]);
  await expect(page.getByRole('heading', { name: '活动管理', level: 1 })).toBeVisible();
  // An approver cannot create: the empty list does not send them to a 新建活动 button they do not have.
  await expect(page.getByText('还没有活动：运营人员创建并提交后会显示在这里')).toBeVisible();
  await expect(page.getByRole('button', { name: /新建活动/ })).toHaveCount(0);
  await snap(page, 'console-sso-campaigns');
});

test('an operator sees only their sections; a section outside their roles is a designed refusal', async ({ page }) => {
  await signIn(page, 'operator');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await expect(menu.getByRole('link')).toHaveText([
    /活动管理/,
    /数据看板/,
    '报表导出',
    '对账',
    '告警',
    '风控',
    '门店管理',
    '机构设置',
  ]);
  await page.getByRole('link', { name: '机构设置' }).click();
  await expect(page.getByText('只读：仅管理员可修改').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '紧急停止全部活动' })).toHaveCount(0);
  await snap(page, 'console-settings-read-only');
  await page.goto('/console/audit');
  await expect(page.getByText('您的岗位无权查看此页面')).toBeVisible();
  await snap(page, 'console-no-permission');
  await page.getByRole('button', { name: '退出登录' }).click();
  // Sign-out ends the session on the server, then the sign-in page loads its own chunk: on a machine busy with the
  // H5's journeys beside this suite that took over 15 s once (CI, 2026-12-01).
  await expect(page.getByText('您已安全退出')).toBeVisible({ timeout: 30_000 });
  await page.goto('/console/settings');
  await expect(page).toHaveURL(/\/console\/sign-in\?redirect=/);
});
