import { expect, type Page, test } from '@playwright/test';
import { DEBOUNCE_GAP, expectAccessible, loginTo, settle, signIn, snap } from './helpers';

/** The draw call itself (not /lottery/param or /lottery/stuff). */
const isDraw = (url: URL) => /\/lottery$/.test(url.pathname);

async function backToPark(page: Page) {
  await page.getByTestId('back-control').click();
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);
  await expect(page.getByTestId('activity-card').first()).toBeVisible();
}

test('from /login?corpId=demo to every game and back to the park, then my prizes — by tapping only', async ({
  page,
}) => {
  // Twelve screens and a draw, each checked with axe: longer than one screen's test.
  test.setTimeout(150_000);
  await page.goto('/login?corpId=demo');
  await expect(page.getByRole('heading', { name: '手机号登录' })).toBeVisible();
  await expectAccessible(page, 'login');
  await signIn(page);

  // No redirect target: the corp's home.
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);
  await expect(page).toHaveTitle('活动乐园');
  await expect(page.getByTestId('park-my-prizes')).toBeVisible();
  await settle(page);
  await snap(page, 'home-park');

  const games = [
    { actId: 'wheel-spring', path: '/upStdDraw', ready: () => page.getByTestId('draw-board') },
    { actId: 'grid-lucky', path: '/upStdDraw', ready: () => page.locator('.game-grid__cell').first() },
    { actId: 'scratch-gold', path: '/bluescratch', ready: () => page.locator('.game-scratch__cover') },
    {
      actId: 'blindbox-spring',
      path: '/blindBox',
      ready: () => page.getByRole('button', { name: '盲盒1', exact: true }),
    },
    { actId: 'common-signin', path: '/commonActivity', ready: () => page.getByTestId('common-claim') },
  ];
  for (const game of games) {
    await page.locator(`[data-act-id="${game.actId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${game.path}\\?actId=${game.actId}$`));
    await expect(game.ready()).toBeVisible();
    await settle(page);
    await expectAccessible(page, game.actId);
    if (game.actId === 'wheel-spring') {
      // One draw on the way: the result dialog passes too, and names the prize for screen readers.
      await page.getByRole('button', { name: /抽奖/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 10_000 });
      const prize = (await page.getByTestId('result-prize-name').textContent()) ?? '';
      await expect(dialog).toHaveAccessibleName(new RegExp(prize === '谢谢参与' ? '差一点点' : `恭喜中奖：${prize}`));
      // Focus starts on the dialog's first action: the prize's follow-up link when it has one, else the button.
      await expect(dialog.getByRole('link').or(dialog.getByRole('button')).first()).toBeFocused();
      await snap(page, 'home-wheel-result');
      await page.getByRole('button', { name: '关闭' }).click();
      await expect(dialog).toBeHidden();
    }
    await backToPark(page);
  }

  await page.getByTestId('park-my-prizes').click();
  await expect(page).toHaveURL(/\/newPrizeList$/);
  await expect(page.getByTestId('prize-list').or(page.getByTestId('prizes-empty'))).toBeVisible();
  await settle(page);
  await snap(page, 'home-prizes');
});

test('a reload while a draw is in flight: the result the server drew is shown on return, not drawn again', async ({
  page,
}) => {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-spring');
  await expect(page.getByTestId('chances-left')).toContainText('3');

  interface Drawn {
    data: { drawId: string; prize: { id: string }; chancesLeft: number };
  }
  const keys: string[] = [];
  const seen: { first: Drawn | null } = { first: null };
  await page.route(isDraw, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      // The server draws; the page is gone before the answer arrives.
      seen.first = (await (await route.fetch()).json()) as Drawn;
      return;
    }
    await route.continue();
  });
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: /抽奖/ }).click();
  await expect.poll(() => seen.first).not.toBeNull();
  const drawn = seen.first as unknown as Drawn;
  expect(drawn.data.chancesLeft).toBe(2);

  const replay = page.waitForResponse((r) => isDraw(new URL(r.url())));
  await page.reload();
  const replayed = (await (await replay).json()) as Drawn;
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(replayed.data.drawId).toBe(drawn.data.drawId);

  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('result-replayed')).toHaveText('您上次抽奖的结果');
  await expect(dialog).toHaveAttribute('data-prize-id', drawn.data.prize.id);
  await expect(page.getByTestId('result-chances-left')).toContainText('2');
  await snap(page, 'home-replayed-result');

  // Shown once: the next visit has nothing to replay.
  await page.getByRole('button', { name: '关闭' }).click();
  await page.reload();
  await expect(page.getByTestId('chances-left')).toContainText('2');
  await page.waitForTimeout(800);
  await expect(page.getByTestId('result-dialog')).toHaveCount(0);
  expect(keys).toHaveLength(2);
});

test('a game screen opened with another type’s activity forwards to the screen that plays it', async ({ page }) => {
  await page.goto('/blindBox?corpId=demo&actId=wheel-spring');
  await expect(page).toHaveURL(/\/upStdDraw\?corpId=demo&actId=wheel-spring$/);
  await expect(page.getByTestId('draw-board')).toHaveClass(/is-wheel/);
  await page.goto('/upStdDraw?corpId=demo&actId=scratch-gold');
  await expect(page).toHaveURL(/\/bluescratch\?corpId=demo&actId=scratch-gold$/);
  await expect(page.locator('.game-scratch__cover')).toBeVisible();
  // Replaced, not pushed: "back" does not return to the wrong screen.
  await page.goBack();
  await expect(page).toHaveURL(/\/upStdDraw\?corpId=demo&actId=wheel-spring$/);
});

test('/404 and a mini-app entry without a target lead home to the park', async ({ page }) => {
  await page.goto('/404?corpId=demo');
  await expectAccessible(page, '404');
  await page.getByRole('button', { name: '回到首页' }).click();
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);
  await page.goto('/miniAppEntry?corpId=demo&miniAppId=wx-mini-7');
  await expect(page).toHaveURL(/\/activityPark\?corpId=demo$/);
  await expect(page.getByTestId('activity-card').first()).toBeVisible();
});

test('rules: every odds row says something true, the page is Chinese, and it passes axe', async ({ page }) => {
  await page.goto('/rules?corpId=demo&actId=wheel-spring');
  const odds = page.getByTestId('odds-table');
  await expect(odds.locator('tbody tr')).toHaveCount(8);
  await expect(odds).not.toContainText('0.00%');
  // The headphones unlock at the third draw: no chance at the first, said in words.
  await expect(odds.locator('[data-prize-id="buds"]')).toContainText('前 1 次不可中');
  // The formula is explained in Chinese (English stays for en-US), folded away.
  await expect(page.getByTestId('algorithm-spec')).toBeHidden();
  await expect(page.getByTestId('algorithm-spec')).toContainText('HMAC-SHA256');
  await expect(page.getByTestId('algorithm-spec')).not.toHaveAttribute('lang', 'en');
  await settle(page);
  await snap(page, 'home-rules');
});

test('"立即使用" shows the code and QR first, the used step asks first; one code format everywhere', async ({
  page,
}) => {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-coupon');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: /抽奖/ }).click();
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toHaveAttribute('data-prize-kind', 'coupon', { timeout: 10_000 });
  const code = (await page.getByTestId('coupon-code').getAttribute('data-code')) ?? '';
  expect(code).toHaveLength(34);
  // Groups of four, spaced, in the dialog as in the list and on the ticket.
  const spaced = code.replaceAll('-', ' ');
  await expect(dialog.getByTestId('coupon-code')).toHaveText(spaced);
  // The follow-up is a real button, 44 px tall at least.
  const follow = dialog.getByRole('link', { name: '查看券码' });
  expect((await follow.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await page.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: '我的奖品' }).click();

  const row = page.getByTestId('prize-row').filter({ hasText: '9元立减券' });
  await expect(row).toHaveAttribute('data-status', 'issued');
  await expect(row.getByTestId('coupon-code')).toHaveText(spaced);
  await row.getByRole('link', { name: '立即使用' }).click();
  // The ticket: its code, its QR, where to use it; nothing is used yet.
  await expect(page).toHaveURL(/\/coupon\?open=/);
  const ticket = page.getByTestId('ticket-detail');
  await expect(ticket).toHaveAttribute('data-state', 'unused');
  await expect(ticket.getByTestId('ticket-code')).toContainText(spaced);
  await expect(ticket.getByTestId('ticket-qr')).toBeVisible();
  await expect(ticket.getByTestId('ticket-stores')).toBeVisible();
  await page.getByTestId('ticket-use').click();
  await expect(page.getByTestId('ticket-confirm')).toContainText('无法撤销');
  await snap(page, 'home-use-confirm');
  // "Not now" changes nothing.
  await page.getByTestId('ticket-confirm').getByRole('button', { name: '暂不使用' }).click();
  await expect(ticket).toHaveAttribute('data-state', 'unused');
  await page.getByTestId('ticket-use').click();
  await page.getByTestId('ticket-use-ok').click();
  await expect(ticket).toHaveAttribute('data-state', 'used');
  await page.getByRole('button', { name: '关闭' }).click();
  await page.goto('/newPrizeList?corpId=demo');
  await expect(row).toHaveAttribute('data-status', 'exchanged');
  await expect(row.getByRole('link', { name: '立即使用' })).toHaveCount(0);
});
