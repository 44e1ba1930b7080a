import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { signIn, snap } from './helpers';

// Issue 24's journey, the console half: a customer draws in the H5 (through its API), the admin exports the
// winners (masked) and opens the file, the reconciliation is green; one award row broken in the database
// turns it red with that row, and the alert reaches a webhook this test runs.
const sqlitePath = join(tmpdir(), `campaign-console-e2e-${process.env.CAMPAIGN_CONSOLE_E2E_RUN}.db`);
const ACT = 'scratch-gold';
/** Three customers, two draws each: at 58% a draw, someone wins (1 − 0.42⁶ ≈ 99.5%). */
const MOBILES = ['13911112222', '13911113333', '13911114444'];

/** The toast and the confirmation have gone (their motion is what axe must not measure half-way). */
async function settled(page: Page) {
  await expect(page.locator('.ant-message-notice, .ant-popover:not(.ant-popover-hidden)')).toHaveCount(0, {
    timeout: 15_000,
  });
}

let hook: Server;
const received: { headers: Record<string, unknown>; body: string }[] = [];
test.beforeAll(async () => {
  hook = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: text });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
});
test.afterAll(() => {
  hook?.close();
});

test('exports, reconciliation and its alert', async ({ page, request }) => {
  test.setTimeout(300_000);
  // 1. Customers draw in the H5 (its API, as the H5 calls it).
  for (const mobile of MOBILES) {
    const login = await request.post('/bmcs/api/auth/otp/login?corpId=demo', {
      headers: { 'x-campaign-client': 'h5' },
      data: { mobile, code: '123456' },
    });
    expect(((await login.json()) as { code: number }).code).toBe(0);
    for (let i = 0; i < 2; i++) {
      const key = randomUUID();
      // The draw limit is per second: a 429 says when to come back.
      for (let tries = 0; ; tries++) {
        const r = await request.post('/bmcs/api/v2/lottery?corpId=demo', {
          headers: { 'x-campaign-client': 'h5', 'idempotency-key': key },
          data: { actId: ACT },
        });
        if (r.status() === 429 && tries < 5) {
          await new Promise((done) => setTimeout(done, 1000 * Number(r.headers()['retry-after'] ?? 1) + 100));
          continue;
        }
        expect(((await r.json()) as { code: number }).code).toBe(0);
        break;
      }
    }
  }

  // 2. The admin sets the corp's webhook to the receiver this test runs.
  await signIn(page, 'admin');
  await page.getByRole('link', { name: /告警$/ }).click();
  await expect(page.getByRole('heading', { name: '告警', level: 1 })).toBeVisible();
  const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`;
  await page.getByLabel('地址').fill(url);
  await page.getByLabel('签名密钥').fill('e2e-webhook-secret-000000001');
  await page.getByRole('button', { name: '保存 Webhook' }).click();
  await expect(page.getByTestId('webhook-current')).toContainText(url);
  await expect(page.getByTestId('webhook-current')).toContainText('由 周管理员 设置');

  // 3. Export the winners of the campaign, masked (the default), as XLSX; download and open it.
  await page.getByRole('link', { name: /报表导出$/ }).click();
  await expect(page.getByRole('heading', { name: '报表导出', level: 1 })).toBeVisible();
  await page.getByLabel('活动', { exact: true }).click();
  await page.getByLabel('活动', { exact: true }).fill(ACT);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `（${ACT}）` })
    .click();
  await snap(page, 'console-reports-form');
  // On a machine this busy the server may shed a call (429, MAX_EVENT_LOOP_DELAY_MS): the user clicks again.
  await expect(async () => {
    if (!(await page.getByRole('cell', { name: '生成中' }).count())) {
      await page.getByRole('button', { name: '开始导出' }).click();
    }
    await expect(page.getByRole('cell', { name: '已完成' }).first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  // The job names its campaign by title, as the operator picked it.
  await expect(page.getByRole('cell', { name: '金卡刮刮乐', exact: true }).first()).toBeVisible();
  await settled(page);
  await snap(page, 'console-reports-done');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: /^下载 winners-/ })
      .first()
      .click(),
  ]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^winners-${ACT}-.*\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet?.getRow(1).getCell(8).value).toBe('手机号');
  const mobiles = [];
  for (let r = 2; r <= (sheet?.rowCount ?? 0); r++) mobiles.push(String(sheet?.getRow(r).getCell(8).value));
  expect(mobiles.length).toBeGreaterThan(0);
  for (const shown of mobiles) expect(shown).toMatch(/^139\*{4}\d{4}$/);
  for (const full of MOBILES) expect(mobiles.join()).not.toContain(full);

  // The admin may export unmasked, but only with a reason: refused without one, then the job is marked 明文.
  await page.getByRole('checkbox', { name: /导出明文/ }).check();
  await page.getByRole('button', { name: '开始导出' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '导出明文须填写原因' })).toBeVisible();
  await expect(page.getByLabel('原因')).toHaveAttribute('aria-describedby', 'export-reason-error');
  await snap(page, 'console-reports-reason');
  await page.getByLabel('原因').fill('客服工单 1234 核实中奖人');
  await expect(async () => {
    if (
      !(await page
        .locator('.ant-tag')
        .filter({ hasText: /^明文$/ })
        .count())
    ) {
      await page.getByRole('button', { name: '开始导出' }).click();
    }
    await expect(
      page
        .locator('.ant-tag')
        .filter({ hasText: /^明文$/ })
        .first(),
    ).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  // Only its requester sees and downloads an unmasked file (ADR 0373): the row says so.
  await expect(page.locator('.ant-tag').filter({ hasText: '仅申请人可下载' }).first()).toBeVisible();

  // 4. The reconciliation is green.
  await page.getByRole('link', { name: /对账$/ }).click();
  await expect(page.getByRole('heading', { name: '对账', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(ACT) }).click();
  await expect(page).toHaveURL(new RegExp(`actId=${ACT}`));
  await page.getByRole('button', { name: '立即对账' }).click();
  await page
    .getByRole('button', { name: '确 定' })
    .or(page.getByRole('button', { name: '确定' }))
    .click();
  await expect(page.getByTestId('reconcile-report')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByText('账目平衡：7 项检查全部通过')).toBeVisible();
  await settled(page);
  await snap(page, 'console-reconcile-green');

  // 5. One award row broken directly in the database: red with that row, and the alert reaches the webhook.
  const db = new Database(sqlitePath);
  const award = db
    .prepare(
      "select id, prize_id from award where corp_id = 'demo' and act_id = ? and draw_id in (select id from draw) order by id desc limit 1",
    )
    .get(ACT) as { id: string; prize_id: string } | undefined;
  expect(award, 'the customer won something in the H5').toBeDefined();
  const other = db
    .prepare("select id from prize where corp_id = 'demo' and act_id = ? and id != ? and kind != 'thanks' limit 1")
    .get(ACT, award?.prize_id) as { id: string };
  db.prepare('update award set prize_id = ? where id = ?').run(other.id, award?.id);
  db.close();
  await page.getByRole('button', { name: '立即对账' }).click();
  await page
    .getByRole('button', { name: '确 定' })
    .or(page.getByRole('button', { name: '确定' }))
    .click();
  await expect(page.getByTestId('reconcile-report')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByText(/账目不平：\d 项检查未通过/)).toBeVisible();
  await expect(page.getByText(award?.id ?? '-', { exact: true }).first()).toBeVisible();
  // Moving one award to another prize leaves the totals equal: the result says why the check fails.
  await expect(page.getByTestId('why-draws')).toHaveText('合计相等，但逐条记录对不上（见明细）');
  await settled(page);
  await snap(page, 'console-reconcile-red');
  await expect
    .poll(() => received.map((r) => JSON.parse(r.body).kind), { timeout: 15_000 })
    .toContain('reconcile_diff');
  const alert = received.find((r) => JSON.parse(r.body).kind === 'reconcile_diff');
  expect(String(alert?.headers['x-campaign-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(alert?.body).toContain(award?.id ?? '-');

  // 6. The alert shows in the console, delivered.
  await page.getByRole('link', { name: /告警$/ }).click();
  await expect(page.getByRole('cell', { name: /对账不平/ }).first()).toBeVisible();
  // Its campaign by title, in the column and in the message, as the stock alert names its campaign.
  await expect(page.getByRole('cell', { name: '金卡刮刮乐', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /^「金卡刮刮乐」（scratch-gold）对账不平：/ }).first()).toBeVisible();
  await expect(page.getByText('已送达').first()).toBeVisible({ timeout: 10_000 });
  await snap(page, 'console-alerts');
});
