import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from '../web/e2e/chromium';

// The operator console's browser journeys: Chromium at 1440×900 against the real server, on a database
// of their own (the kill switch must never halt the H5 journeys' corp mid-run), with a REAL OpenID
// Connect provider (oidc-provider) on a loopback port for single sign-on.
const repoRoot = resolve(import.meta.dirname, '../..');
const base = Number(process.env.E2E_PORT ?? 18080);
export const CONSOLE_E2E_PORT = Number(process.env.CONSOLE_E2E_PORT ?? base + 1);
export const OIDC_PORT = Number(process.env.CONSOLE_OIDC_PORT ?? base + 2);
export const SSO_CORP = 'e2e-sso';
export const OIDC_SECRET = 'test-oidc-client-secret-0001';

process.env.CAMPAIGN_CONSOLE_E2E_RUN ??= `${process.pid}-${Date.now()}`;
const runId = process.env.CAMPAIGN_CONSOLE_E2E_RUN;
const sqlitePath = join(tmpdir(), `campaign-console-e2e-${runId}.db`);
/** The journeys' database: a journey runs the bank's CLI against it (console.spec's unlock). */
export const CONSOLE_E2E_DB = sqlitePath;
export const REPO_ROOT = repoRoot;
const fixture = join(tmpdir(), `campaign-console-e2e-${runId}.yaml`);
const redirect = `http://localhost:${CONSOLE_E2E_PORT}/console/sso/callback/${SSO_CORP}`;
// A corp that signs in through the provider; its staff list names who may (roles from the list, narrowed by the claim).
writeFileSync(
  fixture,
  `corps:
  - id: ${SSO_CORP}
    name: 统一认证测试分行
    appSecret: e2e-sso-app-secret-000000000001
    sso: { issuer: 'http://127.0.0.1:${OIDC_PORT}', clientId: campaign-console, clientSecretEnv: CONSOLE_E2E_OIDC_SECRET, rolesClaim: roles }
staff:
  - { corp: ${SSO_CORP}, id: approver-zhao, name: 赵主管, roles: [approver, operator] }
# The risk journey's campaign (e2e/risk.spec.ts): risk-checked (its group has rocc on), every draw wins the coupon.
groups:
  - { id: e2e-risk-grp, corp: demo, showActIds: [e2e-risk], rocc: 1 }
# The dashboard journey's campaign (e2e/dashboard.spec.ts): every draw wins the cup, so its stock moves.
activities:
  - id: e2e-dash
    corp: demo
    type: wheel
    title: 看板测试转盘
    startsAt: now-1h
    endsAt: now+10d
    chances: { perDay: 100 }
    rules: <p>看板测试</p>
    prizes:
      - { id: cup, name: 保温杯, kind: physical, image: /prizes/cup.svg, weight: 1, stock: 200, valueCents: 5000 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }
  - id: e2e-risk
    corp: demo
    group: e2e-risk-grp
    type: wheel
    title: 风控测试转盘
    startsAt: now-1h
    endsAt: now+10d
    chances: { perDay: 100 }
    rules: <p>风控测试</p>
    prizes:
      - { id: cpn, name: 五十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 500, valueCents: 5000 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }
`,
);

export default defineConfig({
  testDir: './e2e',
  outputDir: `./test-results/artifacts-${runId}`,
  workers: 1,
  // On CI one more try, reported as flaky (scripts/test.mjs counts it and prints it): a journey that fails twice
  // fails the run. Locally none, so a flake is seen where it happens.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${CONSOLE_E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    // The console honours it (antd's motion off): axe measures settled dialogs, not fading ones.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM.executablePath, args: [...CHROMIUM.args] },
  },
  webServer: [
    {
      command: `npx tsx apps/server/src/testing/oidc-provider.ts ${OIDC_PORT} ${redirect}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: [
        'npx tsx apps/server/src/cli/main.ts seed',
        `npx tsx apps/server/src/cli/main.ts import ${fixture}`,
        'npx tsx apps/server/src/main.ts',
      ].join(' && '),
      cwd: repoRoot,
      env: {
        PORT: String(CONSOLE_E2E_PORT),
        SQLITE_PATH: sqlitePath,
        WEB_DIST: 'apps/web/dist',
        CONSOLE_DIST: 'apps/console/dist',
        CONSOLE_E2E_OIDC_SECRET: OIDC_SECRET,
        LOG_LEVEL: 'warn',
        // A machine busy with other suites would shed the journeys' requests at random (as apps/web's config).
        MAX_EVENT_LOOP_DELAY_MS: '0',
        // e2e/shedding.spec.ts: a browser with cookie campaign-test-shed=1 has its API calls shed (ADR 0054).
        SHED_TEST_COOKIE: '1',
      },
      url: `http://localhost:${CONSOLE_E2E_PORT}/healthz`,
      reuseExistingServer: false,
      // Seed, import and start each compile with tsx: on a busy shared machine that took over 90 s.
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
