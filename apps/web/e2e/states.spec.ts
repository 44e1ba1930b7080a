import { expect, type Page, type Request, test } from '@playwright/test';
import { DEBOUNCE_GAP, loginTo, settle, snap } from './helpers';

/** The draw call itself (not /lottery/param or /lottery/stuff). */
const isDraw = (url: URL) => /\/lottery$/.test(url.pathname);

interface Drawn {
  code: number;
  data: { drawId: string; prize: { id: string }; chancesLeft: number };
}

async function tapDraw(page: Page) {
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: /抽奖/ }).click();
}

test('not eligible: a customer outside the VIP group meets the designed state, not an error', async ({ page }) => {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-vip');
  await expect(page.getByRole('heading', { name: '财富 VIP 专享转盘' })).toBeVisible();
  await tapDraw(page);
  const state = page.getByTestId('state-panel');
  await expect(state).toHaveAttribute('data-state', 'not-eligible');
  await expect(state).toContainText('暂不符合');
  // Nothing on the page contradicts the state (no "3 chances left" under it).
  await expect(page.getByTestId('chances-left')).toHaveCount(0);
  await settle(page);
  await snap(page, 'draw-not-eligible');
});

test('sold out: when every stocked prize is gone the page says so before anyone taps', async ({ page }) => {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-soldout');
  const state = page.getByTestId('state-panel');
  await expect(state).toHaveAttribute('data-state', 'sold-out');
  await expect(state).toContainText('奖品已抢光');
  await expect(page.getByTestId('chances-left')).toHaveCount(0);
  await settle(page);
  await snap(page, 'draw-sold-out');
});

test('paced: once this hour’s unit is won the page says when the next comes, with a countdown', async ({ page }) => {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-paced');
  const drawn = page.waitForResponse((r) => isDraw(new URL(r.url())));
  await tapDraw(page);
  const won = (await (await drawn).json()) as Drawn;
  expect(won.data.prize.id).toBe('hot');
  await page.getByRole('button', { name: '关闭' }).click();
  const state = page.getByTestId('state-panel');
  await expect(state).toHaveAttribute('data-state', 'paced-out');
  await expect(state).toContainText(/本轮已抢完|今日已抢完/);
  await expect(state).toContainText(/(今天|明天)\d\d:00再来/);
  await expect(state.getByTestId('countdown')).toBeVisible();
  await settle(page);
  await snap(page, 'draw-paced-out');
  // The schedule is published with the odds.
  await page.getByRole('link', { name: '活动规则' }).click();
  await expect(page.getByTestId('odds-release')).toHaveText('每小时整点发放 1 份，当期未抽完不顺延');
  await settle(page);
  await snap(page, 'rules-paced');
});

test('paused: the designed state, with the way to other activities', async ({ page }) => {
  await page.goto('/upStdDraw?corpId=demo&actId=wheel-paused');
  const state = page.getByTestId('state-panel');
  await expect(state).toHaveAttribute('data-state', 'paused');
  await expect(state.getByRole('link')).toHaveAttribute('href', /activityPark/);
  await settle(page);
  await snap(page, 'draw-paused');
});

test('offline while loading: the offline state with a retry that recovers', async ({ page }) => {
  await page.route(/\/activity\/detail/, (route) => route.abort('internetdisconnected'));
  await page.goto('/upStdDraw?corpId=demo&actId=grid-lucky');
  const state = page.getByTestId('state-panel');
  await expect(state).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('chances-left')).toHaveCount(0);
  await settle(page);
  await snap(page, 'draw-offline');
  await page.unroute(/\/activity\/detail/);
  await state.getByRole('button').click();
  await expect(page.getByTestId('draw-board')).toBeVisible();
  await expect(page.getByTestId('state-panel')).toHaveCount(0);
});

test('the network fails after the server drew: the retry carries the same key and shows that one draw', async ({
  page,
}) => {
  await loginTo(page, '/upStdDraw?corpId=demo&actId=wheel-spring');
  await expect(page.getByTestId('chances-left')).toContainText('3');
  const sent: Request[] = [];
  let first: Drawn | null = null;
  await page.route(isDraw, async (route) => {
    sent.push(route.request());
    if (sent.length === 1) {
      // The server records the draw; its answer never reaches the phone.
      first = (await (await route.fetch()).json()) as Drawn;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  const replayed = page.waitForResponse((r) => isDraw(new URL(r.url())) && r.status() === 200);
  await tapDraw(page);
  const second = (await (await replayed).json()) as Drawn;
  expect(sent).toHaveLength(2);
  const keys = sent.map((r) => r.headers()['idempotency-key']);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
  expect(first).not.toBeNull();
  expect(second.data.drawId).toBe((first as unknown as Drawn).data.drawId);
  await expect(page.getByTestId('result-dialog')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('result-dialog')).toHaveAttribute('data-prize-id', second.data.prize.id);
  // One draw was made, not two.
  await expect(page.getByTestId('result-chances-left')).toContainText('2');
});

test('offline through every retry: a toast, and the next tap shows the draw the server had made', async ({ page }) => {
  // The 9-grid gives two chances a day.
  await loginTo(page, '/upStdDraw?corpId=demo&actId=grid-lucky');
  await expect(page.getByTestId('chances-left')).toContainText('2');
  const keys: string[] = [];
  let first: Drawn | null = null;
  await page.route(isDraw, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) first = (await (await route.fetch()).json()) as Drawn;
    await route.abort('internetdisconnected');
  });
  await tapDraw(page);
  await expect(page.getByText('网络不给力')).toBeVisible({ timeout: 8_000 });
  expect(keys).toHaveLength(3);
  await page.unroute(isDraw);

  const answer = page.waitForResponse((r) => isDraw(new URL(r.url())));
  await tapDraw(page);
  const response = await answer;
  const replay = (await response.json()) as Drawn;
  expect(response.request().headers()['idempotency-key']).toBe(keys[0]);
  expect(new Set(keys).size).toBe(1);
  expect(replay.data.drawId).toBe((first as unknown as Drawn).data.drawId);
  await expect(page.getByTestId('result-dialog')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('result-chances-left')).toContainText('1');
});
