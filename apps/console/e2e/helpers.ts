import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const SCREENS_DIR = join(import.meta.dirname, '..', 'test-results', 'screens');

/** The demo's console accounts, with their published secrets (apps/server/campaigns/demo-console-accounts.json). */
const demo = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../server/campaigns/demo-console-accounts.json'), 'utf8'),
) as { password: string; accounts: { login: string; staffId: string; totpSecret: string }[] };
export const DEMO_PASSWORD = demo.password;
export function account(login: string) {
  const a = demo.accounts.find((x) => x.login === login);
  if (!a) throw new Error(`no demo account ${login}`);
  return a;
}

const PERIOD_MS = 30_000;
/** Which 30-second step each account last signed in with, across this run's spec files. */
const stepsFile = join(tmpdir(), `campaign-console-e2e-totp-${process.env.CAMPAIGN_CONSOLE_E2E_RUN}.json`);
const usedSteps = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(stepsFile, 'utf8'));
  } catch {
    return {};
  }
};

/**
 * A code the server will take for this account now. It refuses a code of a step it has already seen (a replayed
 * code), so a second sign-in within the same 30 s uses the next step's code (it allows one step of drift), and
 * a third waits for the clock to move on — as a person would wait for the app's next code.
 */
export async function freshCode(login: string): Promise<string> {
  const secret = Secret.fromBase32(account(login).totpSecret);
  const steps = usedSteps();
  const last = steps[login] ?? -1;
  for (;;) {
    const now = Math.floor(Date.now() / PERIOD_MS);
    const step = now > last ? now : last === now ? now + 1 : null;
    if (step !== null) {
      writeFileSync(stepsFile, JSON.stringify({ ...steps, [login]: step }));
      return new TOTP({ secret }).generate({ timestamp: step * PERIOD_MS });
    }
    await new Promise((r) => setTimeout(r, (now + 1) * PERIOD_MS - Date.now() + 50));
  }
}

/** Impacts that fail a journey; minor and moderate findings do not. */
const BLOCKING = new Set(['serious', 'critical']);

/** axe on what the screen shows now, once antd's motion has settled: no serious or critical finding. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A toast or popover still moving; on a machine busy with both journey suites motion can take seconds.
  await expect(
    page.locator('[class*="-enter"], [class*="-appear"], [class*="-leave"]').filter({ visible: true }),
  ).toHaveCount(0, { timeout: 15_000 });
  await page.waitForTimeout(250);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(', ')}`,
    );
  expect(blocking, `axe on ${screen}`).toEqual([]);
}

/** A 1440×900 screenshot for review (apps/console/test-results/screens), after axe has passed on it. */
export async function snap(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`) });
}

/** The sign-in form, typing and clicking only: a demo account with its current code. */
export async function signIn(page: Page, login: string, corpId = 'demo'): Promise<void> {
  const a = account(login);
  await page.goto(`/console/?corpId=${corpId}`);
  await page.getByLabel('登录名').fill(a.login);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('动态验证码').fill(await freshCode(login));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
}
