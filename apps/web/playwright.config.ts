import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium';

const repoRoot = resolve(import.meta.dirname, '../..');
// E2E_PORT lets two checkouts run their journeys side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
// A fresh database per run: journeys start from the seeded demo tenants only.
// The id is fixed in the runner process and inherited by its workers (they re-evaluate this file).
process.env.CAMPAIGN_E2E_RUN ??= `${process.pid}-${Date.now()}`;
const runId = process.env.CAMPAIGN_E2E_RUN;
const sqlitePath = join(tmpdir(), `campaign-e2e-${runId}.db`);

export default defineConfig({
  testDir: './e2e',
  // Per run, so two people running the suite one after the other never delete each other's traces.
  outputDir: `./test-results/artifacts-${runId}`,
  workers: 1,
  // On CI one more try, reported as flaky (scripts/test.mjs counts it and prints it): a journey that fails twice
  // fails the run. Locally none, so a flake is seen where it happens.
  retries: process.env.CI ? 1 : 0,
  // Every snapped screen also runs axe (a few seconds each on a busy 2-core machine).
  timeout: 120_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 375, height: 812 },
    // CSS pixels are what the journeys check (sizes, taps, axe); at 1 the software rasteriser paints and encodes
    // a quarter of the pixels on every frame and screenshot. The counter's QR scans keep 2 (stores, counter-scan).
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM.executablePath, args: [...CHROMIUM.args] },
  },
  webServer: {
    // The demo tenant, then the journeys' own activities (e2e/fixtures.yaml), then the server.
    command: [
      'npx tsx apps/server/src/cli/main.ts seed',
      'npx tsx apps/server/src/cli/main.ts import apps/web/e2e/fixtures.yaml',
      'npx tsx apps/server/src/main.ts',
    ].join(' && '),
    cwd: repoRoot,
    // No shedding by event-loop delay or queue age: a machine busy with other suites would answer journeys 429
    // at random (the shedding is tested in-process).
    env: {
      PORT: String(E2E_PORT),
      SQLITE_PATH: sqlitePath,
      WEB_DIST: 'apps/web/dist',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DRAW_QUEUE_MAX_MS: '10000',
      // e2e/shedding.spec.ts: a browser with cookie campaign-test-shed=1 has its API calls shed (ADR 0054).
      SHED_TEST_COOKIE: '1',
    },
    url: `http://localhost:${E2E_PORT}/login`,
    reuseExistingServer: false,
    // Seed + fixtures + start took 50–70 s on the shared 2-core machine under load (E2E_SERVER_TIMEOUT_MS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 180_000),
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
