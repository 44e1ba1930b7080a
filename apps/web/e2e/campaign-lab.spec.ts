import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { settle, snap } from './helpers';

// The H5 side of the console's campaign lab (issue 23): a preview link opened on a phone, and the public page
// that recomputes one draw from its id (docs/decisions/0346-preview.md, 0349-public-verify.md).

// Two CLI runs and axe on each snapped screen: generous on a machine shared by many checkouts.
test.describe.configure({ timeout: 240_000 });

const repoRoot = resolve(import.meta.dirname, '../../..');
const demo = JSON.parse(
  readFileSync(resolve(repoRoot, 'apps/server/campaigns/demo-console-accounts.json'), 'utf8'),
) as { password: string; accounts: { login: string; totpSecret: string }[] };

/** The operator's console session, through the API the console uses (sign-in with password and TOTP). */
async function operator(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const op = demo.accounts.find((a) => a.login === 'operator');
  if (!op) throw new Error('no demo operator');
  const totp = new TOTP({ secret: Secret.fromBase32(op.totpSecret) }).generate();
  const res = await api.post('/bmcs/api/console/auth/sign-in?corpId=demo', {
    data: { login: op.login, password: demo.password, totp },
  });
  const body = await res.json();
  expect(body.code).toBe(0);
  return { api, csrf: body.data.csrfToken };
}

/** The operator's CLI on the journeys' database: `cli import` of a campaign file. */
function cliImport(yaml: string) {
  const file = join(tmpdir(), `lab-${process.pid}-${Date.now()}.yaml`);
  writeFileSync(file, yaml);
  try {
    execFileSync('npx', ['tsx', 'apps/server/src/cli/main.ts', 'import', file], {
      cwd: repoRoot,
      env: {
        ...process.env,
        SQLITE_PATH: join(tmpdir(), `campaign-e2e-${process.env.CAMPAIGN_E2E_RUN}.db`),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
    });
  } finally {
    rmSync(file, { force: true });
  }
}

const fairWheel = (endsAt: string) => `
activities:
  - id: lab-verify
    corp: demo
    type: wheel
    title: 公平验证转盘
    startsAt: now-2h
    endsAt: ${endsAt}
    chances: { perDay: 10 }
    rules: <p>每日 10 次</p>
    prizes:
      - { id: big, name: 一等奖, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 1000 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 3, consolation: true }
`;

test('an approver opens a draft’s preview link on a phone and tries the wheel; nothing is recorded', async ({
  page,
  baseURL,
}) => {
  const { api, csrf } = await operator(baseURL ?? '');
  const headers = { 'x-csrf-token': csrf };
  const created = await (
    await api.post('/bmcs/api/console/campaigns/create?corpId=demo', {
      headers,
      data: { kind: 'wheel', title: '预览转盘' },
    })
  ).json();
  expect(created.code).toBe(0);
  const link = await (
    await api.post('/bmcs/api/console/campaigns/preview?corpId=demo', { headers, data: { id: created.data.id } })
  ).json();
  expect(link.data.url).toMatch(/^\/preview\?corpId=demo&token=/);

  await page.goto(link.data.url);
  await expect(page.getByRole('heading', { name: '预览转盘' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('note')).toContainText('抽奖不会被记录');
  await settle(page);
  await snap(page, 'lab-preview');
  await page.getByRole('button', { name: /试抽/ }).click();
  await expect(page.getByTestId('preview-result')).toContainText('预览结果：', { timeout: 10_000 });
  await snap(page, 'lab-preview-result');

  // A link that was tampered with shows the designed refusal, not the draft.
  await page.goto(`${link.data.url.slice(0, -3)}xyz`);
  await expect(page.getByRole('alert')).toContainText('预览链接无效或已过期');
  await settle(page);
  await snap(page, 'lab-preview-invalid');
  await api.dispose();
});

test('anyone recomputes a draw from its id: the commitment while live, the check once the seed is out', async ({
  page,
  baseURL,
}) => {
  cliImport(fairWheel('now+1d'));
  const customer = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-campaign-client': 'h5' } });
  const login = await customer.post('/bmcs/api/auth/otp/login?corpId=demo', {
    data: { mobile: '13912340077', code: '123456' },
  });
  expect((await login.json()).code).toBe(0);
  const drawn = await (
    await customer.post('/bmcs/api/v2/lottery?corpId=demo', {
      headers: { 'idempotency-key': `lab-verify-${Date.now()}` },
      data: { actId: 'lab-verify' },
    })
  ).json();
  expect(drawn.code).toBe(0);
  const drawId: string = drawn.data.drawId;

  await page.goto('/verify?corpId=demo');
  // The route's chunk arrives late on a busy machine.
  await expect(page.getByRole('heading', { name: '抽奖公平性验证' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('抽奖编号').fill(drawId);
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByTestId('verify-commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('verify-seed')).toContainText('活动结束后公布');
  await expect(page.getByTestId('verify-result')).toContainText('种子公布后即可重新计算');
  await settle(page);
  await snap(page, 'lab-verify-live');

  // The campaign ends (the operator's file, re-imported with its end in the past): the seed is revealed.
  cliImport(fairWheel('now-1m'));
  await page.reload();
  await expect(page.getByTestId('verify-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('verify-verdict')).toHaveText('验证通过：这次抽奖由公布的数据决定，未被改动');
  await settle(page);
  await snap(page, 'lab-verify-ended');

  await page.goto('/verify?corpId=demo&drawId=no-such-draw');
  await expect(page.getByRole('alert')).toContainText('没有找到这条抽奖记录');
  await customer.dispose();
});
