import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const SCREENS_DIR = join(import.meta.dirname, '..', 'test-results', 'screens');

/** Screenshots at 375×812 for review (apps/web/test-results/screens/*.png). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`) });
}

/** A fresh phone number per test so OTP resend limits never collide. */
export function uniqueMobile(): string {
  return `139${String(Date.now() % 1e8).padStart(8, '0')}`;
}

/** Counts full document loads (a reload counts as one more). */
export function countLoads(page: Page): { readonly count: number } {
  const state = { count: 0 };
  page.on('load', () => {
    state.count += 1;
  });
  return state;
}

export const DEBOUNCE_GAP = 1100;

/** Screenshots after the request layer's loading toast has gone. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
  await page.waitForTimeout(300);
}

/** Logs in with the demo OTP and lands back on `target` through /login?redirect=…. */
export async function loginTo(page: Page, target: string, mobile: string = uniqueMobile()): Promise<void> {
  await page.goto(`/login?corpId=demo&redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('手机号').fill(mobile);
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('demo-hint')).toContainText('123456');
  await page.getByLabel('验证码').fill('123456');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  // The login screen follows the redirect itself (no "continue" tap).
  const path = new URL(target, 'http://x').pathname;
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** Zig-zag pointer strokes 14 px apart over the whole scratch cover (the card reveals itself past 50%). */
export async function scratchCover(page: Page): Promise<void> {
  const box = await page.locator('.game-scratch__cover').boundingBox();
  if (!box) throw new Error('no scratch cover');
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  for (let y = 6; y < box.height; y += 14) {
    await page.mouse.move(box.x + box.width - 4, box.y + y, { steps: 6 });
    await page.mouse.move(box.x + 4, box.y + y + 7, { steps: 6 });
  }
  await page.mouse.up();
}
