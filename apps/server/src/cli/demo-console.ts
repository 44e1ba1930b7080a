import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Services } from '../services';

/** The demo's console accounts: published secrets (campaigns/demo-console-accounts.json). */
export const DEMO_CONSOLE_FILE = fileURLToPath(new URL('../../campaigns/demo-console-accounts.json', import.meta.url));

const fileSchema = z.object({
  corp: z.string(),
  password: z.string(),
  accounts: z.array(
    z.object({
      staffId: z.string(),
      login: z.string(),
      role: z.string(),
      totpSecret: z.string().regex(/^[A-Z2-7]+=*$/),
    }),
  ),
});
export type DemoConsoleAccounts = z.infer<typeof fileSchema>;

export function demoConsoleAccounts(): DemoConsoleAccounts {
  return fileSchema.parse(JSON.parse(readFileSync(DEMO_CONSOLE_FILE, 'utf8')));
}

/** The published TOTP secrets: never acceptable in production. */
export function demoTotpSecrets(): Set<string> {
  return new Set(demoConsoleAccounts().accounts.map((a) => a.totpSecret));
}

/** Seeds the demo console accounts (staff from demo.yaml); an account that exists is left as it is. */
export async function seedDemoConsole(services: Pick<Services, 'console'>): Promise<number> {
  const demo = demoConsoleAccounts();
  let made = 0;
  for (const a of demo.accounts) {
    if (await services.console.demoAccounts.seedAccount(demo.corp, { ...a, password: demo.password })) made++;
  }
  return made;
}

/**
 * Refuses to serve production while any console account has a published demo TOTP secret (its password is
 * published too): the ADR 0033 pattern for the demo app secrets.
 */
export async function assertNoDemoConsoleAccounts(services: Pick<Services, 'console'>): Promise<void> {
  const found = await services.console.demoAccounts.accountsWithSecrets(demoTotpSecrets());
  if (found.length) {
    throw new Error(
      `console account ${found.map((a) => `${a.corp_id}/${a.login}`).join(', ')} uses a published demo second factor; ` +
        'reset it (console: 人员与权限 → 重置动态口令) or remove the account before starting with NODE_ENV=production',
    );
  }
}
