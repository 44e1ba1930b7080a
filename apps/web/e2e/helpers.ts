import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const SCREENS_DIR = join(import.meta.dirname, '..', 'test-results', 'screens');

/**
 * Screenshots at 375×812 for review (apps/web/test-results/screens/*.png). Every screen a journey
 * shows is snapped, so this is also where each one is checked with axe (`expectAccessible`).
 */
export async function snap(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
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
  // A toast raised by a late answer (a refetch on a busy machine) fades in after the first look: axe would
  // measure its half-faded text.
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5_000 });
}

/** On the login screen: a phone number (fresh unless given), the demo OTP, "登录" — typing and tapping only. */
export async function signIn(page: Page, mobile: string = uniqueMobile()): Promise<void> {
  await page.getByLabel('手机号').fill(mobile);
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('demo-hint')).toContainText('123456');
  await page.getByLabel('验证码').fill('123456');
  await page.waitForTimeout(DEBOUNCE_GAP);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * The shared set-up of a journey that starts logged in: the demo OTP through the API (the context keeps the
 * session cookie), then `target`. The login screen itself is walked by `loginThroughScreen` (journeys.spec.ts,
 * customer-journey.spec.ts), so this saves each other journey the screen's two debounce gaps and two loads.
 */
export async function loginTo(page: Page, target: string, mobile: string = uniqueMobile()): Promise<void> {
  const corpId = new URL(target, 'http://x').searchParams.get('corpId') ?? 'demo';
  const headers = { accept: 'application/json', 'x-campaign-client': 'h5' };
  const api = (path: string, data: object) =>
    page.request.post(`/bmcs/api/auth/otp/${path}?corpId=${encodeURIComponent(corpId)}`, { headers, data });
  const sent = (await (await api('send', { mobile })).json()) as { code: number; data: { demoCode?: string } };
  expect(sent.code, JSON.stringify(sent)).toBe(0);
  const login = (await (await api('login', { mobile, code: sent.data.demoCode ?? '123456' })).json()) as {
    code: number;
  };
  expect(login.code, JSON.stringify(login)).toBe(0);
  await page.goto(target);
}

/** Logs in on the login screen (typing and tapping only) and lands back on `target` through /login?redirect=…. */
export async function loginThroughScreen(page: Page, target: string, mobile: string = uniqueMobile()): Promise<void> {
  await page.goto(`/login?corpId=demo&redirect=${encodeURIComponent(target)}`);
  await signIn(page, mobile);
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

/** Impacts that fail a journey (issue 8 §5); minor and moderate findings are reported by Lighthouse. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe-core on what the screen shows now (open dialogs included): no serious or critical violation.
 * The failure message names each rule and the elements, so a regression reads like a bug report.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Measure settled pixels: a dialog mid-transition (opacity, scale) would report made-up contrasts.
  await expect(page.locator('.modal-layer:not([data-state="open"])')).toHaveCount(0);
  if ((await page.locator('.modal-layer').count()) > 0) await page.waitForTimeout(450);
  // antd-mobile's masks (a toast's, a popup's) fade in and out: measure them fully shown, or hidden (a
  // closed picker keeps its mask, display: none).
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.adm-mask')].every((m) => {
          const style = getComputedStyle(m);
          return style.display === 'none' || style.opacity === '1';
        }),
      ),
    )
    .toBe(true);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `axe on ${screen}`).toEqual([]);
}
