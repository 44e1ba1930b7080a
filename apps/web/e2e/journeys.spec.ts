import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { countLoads, signIn, snap, uniqueMobile } from './helpers';

const DEBOUNCE_GAP = 1100;

test('log in with a one-time code', async ({ page }) => {
  await page.goto('/login?corpId=demo');
  await expect(page).toHaveTitle('登录');
  await snap(page, 'login');

  // Inline validation before anything is sent.
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await page.getByLabel('手机号').fill('12345');
  await page.getByTestId('send-code').click();
  await expect(page.getByText('手机号格式不正确')).toBeVisible();
  await snap(page, 'login-errors');

  await page.getByLabel('手机号').fill(uniqueMobile());
  await page.waitForTimeout(DEBOUNCE_GAP); // action buttons are debounced (1000 ms)
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('demo-hint')).toContainText('123456');
  await expect(page.getByTestId('send-code')).toContainText(/\d+s 后重发/);
  await expect(page.getByTestId('send-code')).toBeDisabled();
  await snap(page, 'login-code-sent');

  await page.getByLabel('验证码').fill('000000');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('验证码错误')).toBeVisible();

  await page.getByLabel('验证码').fill('123456');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // Signed in without a redirect target: the corp's home, the activity park.
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);
  // Back on /login, the session is shown with a way forward.
  await page.goto('/login?corpId=demo');
  await expect(page.getByText('您已登录')).toBeVisible();
  await expect(page.getByTestId('logged-in-mobile')).toContainText(/139\*{4}\d{4}/);
  await snap(page, 'login-done');
  await page.getByRole('button', { name: '继续参与活动' }).click();
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);
});

test('a logged-in visitor of /login?redirect= is forwarded to same-origin paths only', async ({ page }) => {
  await page.goto('/login?corpId=demo');
  await page.getByLabel('手机号').fill(uniqueMobile());
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('demo-hint')).toContainText('123456');
  await page.getByLabel('验证码').fill('123456');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);

  // Already signed in: opening the login screen with a redirect goes straight there.
  await page.goto(`/login?corpId=demo&redirect=${encodeURIComponent('/rules?actId=wheel-spring')}`);
  await expect(page).toHaveURL(/\/rules\?actId=wheel-spring$/);
  await expect(page.getByTestId('odds-table')).toBeVisible();

  // An absolute URL (or a protocol-relative one) is never followed: the screen stays, logged in.
  for (const evil of ['https://evil.example/x', '//evil.example/x']) {
    await page.goto(`/login?corpId=demo&redirect=${encodeURIComponent(evil)}`);
    await expect(page.getByText('您已登录')).toBeVisible();
    expect(new URL(page.url()).host).toBe(`localhost:${E2E_PORT}`);
    expect(new URL(page.url()).pathname).toBe('/login');
  }
});

test('gray release: the X-Tag cookie is set and the page reloads exactly once', async ({ page, context }) => {
  const loads = countLoads(page);
  const grayChecks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/bmcs/api/gray/check')) grayChecks.push(r.url());
  });
  await page.goto('/login?corpId=demo-gray');
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await page.waitForTimeout(1500); // a second reload, if there were one, would happen in here
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'X-Tag')?.value).toBe('gray-bmcs');
  expect(cookies.find((c) => c.name === 'corpId')?.value).toBe('demo-gray');
  expect(loads.count).toBe(2);
  expect(grayChecks).toHaveLength(2);
  expect(grayChecks[0]).toContain('corpId=demo-gray');

  // A corp outside gray: no reload at all.
  const other = await context.newPage();
  const otherLoads = countLoads(other);
  await other.goto('/login?corpId=demo');
  await expect(other.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await other.waitForTimeout(800);
  expect(otherLoads.count).toBeGreaterThanOrEqual(1);
  // The cookie was cleared by the non-gray corp's check; that is one change → at most one reload.
  expect(otherLoads.count).toBeLessThanOrEqual(2);
});

test('isGray=1 sets the gray tag cookie without a gray check', async ({ page, context }) => {
  const loads = countLoads(page);
  let checks = 0;
  page.on('request', (r) => {
    if (r.url().includes('/gray/check')) checks += 1;
  });
  await page.goto('/login?corpId=demo&isGray=1');
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'X-Tag')?.value).toBe('gray-bmcs');
  expect(checks).toBe(0);
  expect(loads.count).toBe(1);
});

test('open-id exchange with isApp=2&code=…, then the stored id is reused', async ({ page }) => {
  const exchanges: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/bmcs/api/auth/openid')) exchanges.push(r.postData() ?? '');
  });
  await page.goto('/login?corpId=demo&isApp=2&code=wxcode_1234');
  // The exchange signs the user in before the screen shows, so the screen ends on its logged-in
  // state (the logged-out heading is only there until the session check answers).
  await expect(page.getByText('您已登录')).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ELIFE_OPEN_ID'))).toBeTruthy();
  expect(exchanges).toHaveLength(1);
  expect(JSON.parse(exchanges[0] ?? '{}')).toEqual({ code: 'wxcode_1234' });
  // The exchange logged the user in: the login screen shows the session.
  await page.reload();
  await expect(page.getByText('您已登录')).toBeVisible();

  // Navigating again uses the stored id: no second exchange.
  await page.getByRole('link', { name: '了解授权说明' }).click();
  await expect(page).toHaveURL(/\/authPage/);
  expect(exchanges).toHaveLength(1);

  // A failing code is logged and navigation continues with an empty id.
  const fresh = await page
    .context()
    .browser()
    ?.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  if (!fresh) throw new Error('no browser');
  const p2 = await fresh.newPage();
  await p2.goto('/login?corpId=demo&isApp=2&code=badcode1');
  await expect(p2.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  expect(await p2.evaluate(() => sessionStorage.getItem('ELIFE_OPEN_ID'))).toBeNull();
  await fresh.close();
});

test('unknown route: back to the previous named route, else /404', async ({ page, browser }) => {
  await page.goto('/login?corpId=demo');
  await expect(page).toHaveTitle('登录');
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login\?corpId=demo$/);

  const fresh = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 375, height: 812 },
  });
  const p2 = await fresh.newPage();
  await p2.goto('/no-such-page?corpId=demo');
  await expect(p2).toHaveURL(/\/404$/);
  await expect(p2).toHaveTitle('页面不存在');
  await expect(p2.getByText('页面走丢了')).toBeVisible();
  await snap(p2, 'not-found');
  await p2.getByRole('button', { name: '回到首页' }).click();
  await expect(p2).toHaveURL(/\/activityPark\?corpId=demo$/);
  await fresh.close();
});

test('title follows the route and the scroll position resets on navigation', async ({ page }) => {
  await page.goto('/authPage?corpId=demo&redirect=%2Flogin');
  await expect(page).toHaveTitle('授权');
  await snap(page, 'auth-page');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
  await page.getByRole('button', { name: '暂不授权' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('登录');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a cached route keeps its state; an excluded route does not', async ({ page }) => {
  await page.goto('/login?corpId=demo');
  await page.getByLabel('手机号').fill('13800001111');
  await page.getByRole('link', { name: '了解授权说明' }).click();
  await expect(page).toHaveURL(/\/authPage/);
  await page.getByTestId('auth-terms').check({ force: true });
  await expect(page.getByTestId('auth-terms')).toBeChecked();

  await page.goBack();
  await expect(page).toHaveURL(/\/login/);
  // /login is cached: what was typed is still there.
  await expect(page.getByLabel('手机号')).toHaveValue('13800001111');

  await page.goForward();
  await expect(page).toHaveURL(/\/authPage/);
  // /authPage is on the exclusion list: it starts over.
  await expect(page.getByTestId('auth-terms')).not.toBeChecked();
});

test('consent started from a game while logged out: log in, the consent completes, back at the game', async ({
  page,
}) => {
  const game = '/upStdDraw?corpId=demo&actId=wheel-spring';
  await page.goto(`/authPage?corpId=demo&redirect=${encodeURIComponent(game)}`);
  await page.getByTestId('auth-terms').check({ force: true });
  await snap(page, 'auth-consent-sheet');
  const answer = page.waitForResponse((r) => r.url().includes('/bmcs/api/wechat/openid'));
  await page.getByTestId('auth-accept').click();
  expect((await answer).status()).toBe(401);
  // Straight to the log-in, no "请先登录" toast, never "登录状态已失效" or "缺少机构号".
  await expect(page).toHaveURL(/\/login\?redirect=%2FauthPage/);
  await expect(page.getByText('登录状态已失效')).toHaveCount(0);
  await expect(page.getByText('缺少机构号')).toHaveCount(0);
  await signIn(page);
  // Back from the log-in the consent finishes by itself and lands where the customer started.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/upStdDraw');
  expect(new URL(page.url()).searchParams.get('actId')).toBe('wheel-spring');
});

test('mini-app entry stores the id and forwards to its target', async ({ page }) => {
  await page.goto('/miniAppEntry?corpId=demo&miniAppId=wx-mini-42&target=%2F404');
  await expect(page).toHaveURL(/\/404$/);
  expect(await page.evaluate(() => localStorage.getItem('ELIFE_MINI_APP_ID'))).toBe('wx-mini-42');
});

test('simulated native host answers both bridge paths', async ({ page }) => {
  await page.goto('/login?corpId=demo&mockBridge=android-212');
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => JSON.stringify((window as unknown as { __mockBridgeLog?: unknown[] }).__mockBridgeLog ?? [])),
    )
    .toContain('"via":"android"');
  await page.goto('/login?corpId=demo&mockBridge=ios-215');
  await expect
    .poll(() =>
      page.evaluate(() => JSON.stringify((window as unknown as { __mockBridgeLog?: unknown[] }).__mockBridgeLog ?? [])),
    )
    .toContain('"via":"prompt"');
});
