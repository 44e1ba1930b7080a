import { expect, type Page, test } from '@playwright/test';
import { snap } from './helpers';

// A server past capacity sheds API calls only (ADR 0054). The journeys' server is started with
// SHED_TEST_COOKIE (playwright.config.ts): this cookie has it shed every API call of this browser, by the same
// path a burst takes. Pages must still render, in Chinese, never as raw JSON or English.
const SHED = { name: 'campaign-test-shed', value: '1' };
const PAGES = [
  '/upStdDraw?corpId=demo&actId=wheel-spring',
  '/activityPark?corpId=demo',
  '/newPrizeList?corpId=demo',
  '/login?corpId=demo',
];

/** What the customer sees holds no raw envelope and no English sentence (a word of 4+ Latin letters). */
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
  const toasts: string[] = [];
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('.splash')).toHaveCount(0);
    await expect(page.locator('.app-view')).toBeVisible();
    // The reads' two tries again (1 s, then 2 s) have given up.
    await page.waitForTimeout(3500);
    toasts.push(...(await page.locator('.adm-toast-main').allInnerTexts()));
    await expectChineseOnly(page, path);
    if (path === PAGES[0]) {
      // The game says the campaign is busy (and offers to try again), never that it does not exist.
      await expect(page.getByTestId('state-panel')).toContainText('活动太火爆');
      await snap(page, 'shed-draw');
    }
  }
  expect(brokenFiles).toEqual([]);
  expect(refused.length).toBeGreaterThan(0);
  // What a refused call says: the campaign is busy, never "you did that too often" nor a network error.
  expect(toasts.join('|')).not.toMatch(/操作过于频繁|网络连接异常/);
});

test('a screen whose code fails to load shows a designed page and opens it by itself once it loads', async ({
  page,
}) => {
  let failing = true;
  await page.route(/\/assets\/activity-park-screen-[\w-]+\.js$/, (route) =>
    failing ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
  );
  await page.goto('/activityPark?corpId=demo');
  // The first failure loads the page again at once; the second says so and counts down (2 s, then 4 s…).
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
  expect(shown.match(/[A-Za-z]{4,}/g) ?? []).toEqual([]);
  failing = false;
  await expect(page.getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.app-view')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/activityPark');
});
