#!/usr/bin/env node
// `npm test`: type-check, lint + import boundaries, unit and integration tests (SQLite and PostgreSQL),
// browser journeys in Debian's Chromium. Stops at the first failing stage; ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status === 0;

/** A command whose output lines are prefixed with its name (two run at once); resolves to whether it passed. */
function prefixed(name, cmd, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    child.on('close', (code) => resolve(code === 0));
  });
}

/** One Playwright suite, prefixed with its name. */
function playwright(name, config, jsonFile) {
  return prefixed(name, 'npx', ['playwright', 'test', '-c', config, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
  });
}

let passed = 0;
let failed = 0;
const stages = [
  ['prepare (chromium, postgres)', () => run('bash', ['scripts/ensure-test-deps.sh'])],
  [
    // Side by side: the type-check is one thread, the lint's biome and dependency-cruiser the other core.
    'type-check, lint + boundaries',
    async () => {
      const both = [
        ['tsc', 'npx', ['tsc', '-b', 'packages/contract', 'apps/server', 'apps/web', 'apps/console']],
        ['lint', 'npm', ['run', 'lint']],
      ].map(([name, cmd, args]) => prefixed(name, cmd, args));
      return (await Promise.all(both)).every(Boolean);
    },
  ],
  [
    'unit + integration',
    () => {
      const file = join(out, 'vitest.json');
      const ok = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
      if (existsSync(file)) {
        const r = JSON.parse(readFileSync(file, 'utf8'));
        passed += r.numPassedTests;
        failed += r.numFailedTests;
      }
      return ok;
    },
  ],
  [
    'browser journeys',
    async () => {
      if (!run('npm', ['run', 'build'])) return false;
      // The H5's journeys (375×812) and the operator console's (1440×900) run side by side: each has its own
      // server, port and database, and the console's campaign journey spends minutes waiting for its campaign's
      // start and end times, which the H5's journeys fill.
      const suites = [
        ['h5', 'apps/web/playwright.config.ts', 'playwright.json'],
        ['console', 'apps/console/playwright.config.ts', 'playwright-console.json'],
      ].map(([name, config, json]) => {
        const file = join(out, json);
        rmSync(file, { force: true });
        return playwright(name, config, file).then((ok) => {
          if (existsSync(file)) {
            const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
            passed += (s.expected ?? 0) + (s.flaky ?? 0);
            failed += s.unexpected ?? 0;
            // CI gives a failed journey one more try (the Playwright configs): say how many needed it.
            if (s.flaky)
              console.log(`[${name}] ${s.flaky} journey(s) passed only on a second try (flaky, listed above)`);
          }
          return ok;
        });
      });
      return (await Promise.all(suites)).every(Boolean);
    },
  ],
];

const started = Date.now();
for (const [name, stage] of stages) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const ok = await stage();
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (!ok) {
    console.log(`\ntests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(1);
  }
}
console.log(`\nall stages green in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
