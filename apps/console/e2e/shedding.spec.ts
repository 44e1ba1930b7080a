import { expect, type Page, test } from '@playwright/test';
import { signIn, snap } from './helpers';

// A server past capacity sheds API calls only (ADR 0054). The journeys' server is started with
// SHED_TEST_COOKIE (playwright.config.ts): this cookie has it shed every API call of this browser, by the same
// path a burst takes. Every page must render its designed state in Chinese, never React Router's English page.
const SHED = { name: 'campaign-test-shed', value: '1' };

/** What the user sees holds no raw envelope and no English (a word of 4+ Latin letters). */
async function expectChineseOnly(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  expect(text, where).not.toMatch(/"code"|"data"|\{"/);
  expect(text.match(/[A-Za-z]{4,}/g) ?? [], where).toEqual([]);
  expect(text, where).toMatch(/[\u4e00-\u9fa5]/);
}

test('pages render while the server sheds every API call: files served, busy said in Chinese', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ ...SHED, url: baseURL ?? '' }]);
  const refused: string[] = [];
  const brokenFiles: string[] = [];
  page.on('response', (res) => {
    const kind = res.request().resourceType();
    if (res.url().includes('/bmcs/api/') && res.status() === 429) refused.push(res.url());
    else if (['document', 'script', 'stylesheet'].includes(kind) && res.status() >= 400) brokenFiles.push(res.url());
  });
  // The corp's sign-in page could not be asked for: it says the service is busy.
  await page.goto('/console/sign-in?corpId=demo');
  await expect(page.getByRole('alert')).toContainText('活动太火爆，请稍后再试', { timeout: 30_000 });
  await expectChineseOnly(page, 'sign-in');
  for (const path of ['/console/campaigns?corpId=demo', '/console/dashboard?corpId=demo']) {
    await page.goto(path);
    // Who is signed in could not be asked: the frame says the service is busy, with a way to try again.
    await expect(page.getByRole('alert')).toContainText('活动太火爆，请稍后再试', { timeout: 30_000 });
    await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
    await expectChineseOnly(page, path);
  }
  await snap(page, 'shed-busy');
  expect(brokenFiles).toEqual([]);
  expect(refused.length).toBeGreaterThan(0);
});

test('a section whose code fails to load shows a designed page in the frame and opens it by itself', async ({
  page,
}) => {
  await signIn(page, 'operator');
  let failing = true;
  await page.route(/\/console\/assets\/dashboard-screen-[\w-]+\.js$/, (route) =>
    failing ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
  );
  await page.getByRole('link', { name: '数据看板' }).click();
  // What the page shows at one moment (it loads itself again every few seconds meanwhile).
  let shown = '';
  await expect
    .poll(
      async () =>
        (shown = await page
          .locator('body')
          .innerText()
          .catch(() => '')),
      { timeout: 30_000 },
    )
    .toContain('页面没能打开');
  expect(shown).toMatch(/秒后自动重试|正在重新打开/);
  expect(shown).toContain('立即重试');
  // Inside the frame: the menu and sign-out stay; nothing of React Router's developer page, nothing English.
  expect(shown).toContain('退出登录');
  expect(shown.match(/[A-Za-z]{4,}/g) ?? []).toEqual([]);
  failing = false;
  await expect(page.getByRole('heading', { name: '数据看板' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('页面没能打开')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/console/dashboard');
});
