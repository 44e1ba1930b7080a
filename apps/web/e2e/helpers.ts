import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

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
