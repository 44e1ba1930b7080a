#!/usr/bin/env node
/**
 * Bundle and page-speed budgets of the H5 (issue 3). Prints ONE JSON line; exits 1 when a budget fails.
 *
 *   node bench/budgets.mjs                  # uses apps/web/dist, builds it first when missing
 *   BUDGETS_SKIP_LIGHTHOUSE=1 node bench/budgets.mjs   # bundle checks only (reported as skipped)
 *
 * First view of a route = the entry chunk + the route's lazy chunk + their static imports (from the
 * Vite manifest), gzip -9 sizes. Every route must be its own chunk and the entry may not contain a
 * screen-only library (dist/.vite/chunk-modules.json, written by apps/web/vite.config.ts).
 * Lighthouse 12 (mobile, performance only, simulated throttling) runs 3 times against the real
 * server on /login?corpId=demo; the median counts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const KiB = 1024;

/** Per-route first-view budgets. Add a route with one entry, e.g. { route: '/upStdDraw', jsKiB: 150 }. */
export const ROUTE_BUDGETS = [
  { route: '/login', jsKiB: 120, cssKiB: 25 },
  // The draw screen's first view includes the wheel and the 9-grid widgets (issue 4).
  { route: '/upStdDraw', jsKiB: 150 },
];
/** Lighthouse budgets: median performance score of RUNS runs. */
export const LIGHTHOUSE_BUDGETS = [{ path: '/login?corpId=demo', minScore: 95 }];
const RUNS = 3;
/** Libraries only some screens need; they must stay out of the entry chunk. */
export const SCREEN_ONLY_LIBS = [
  'antd-mobile',
  'antd-mobile-icons',
  '@react-spring/web',
  '@use-gesture/react',
  'ahooks',
  'rc-field-form',
  'rc-util',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'dayjs',
];

const failures = [];

function ensureBuilt() {
  if (existsSync(join(DIST, '.vite/manifest.json'))) return false;
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build -w apps/web failed');
  return true;
}

/** Route path → manifest key of its lazy screen, read from the route table source. */
function routeScreens() {
  const source = readFileSync(join(WEB, 'src/app/routes.tsx'), 'utf8');
  const screens = new Map();
  for (const m of source.matchAll(/path:\s*'([^']+)'[^\n]*?import\('([^']+)'\)/g)) {
    const rel = posix.normalize(posix.join('src/app', m[2]));
    screens.set(m[1], rel);
  }
  return screens;
}

function manifestKey(manifest, rel) {
  for (const ext of ['.tsx', '.ts', '.jsx', '.js']) if (manifest[rel + ext]) return rel + ext;
  return manifest[rel] ? rel : null;
}

/** Static-import closure of manifest entries. */
function closure(manifest, keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...seen];
}

const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kib = (bytes) => Math.round((bytes / KiB) * 10) / 10;

function bundleChecks() {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
  const chunkModules = JSON.parse(readFileSync(join(DIST, '.vite/chunk-modules.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryClosure = closure(manifest, [entryKey]);
  const screens = routeScreens();

  // Every route its own chunk.
  const routeChunks = {};
  const fileOwners = new Map();
  for (const [route, rel] of screens) {
    const key = manifestKey(manifest, rel);
    if (!key || !manifest[key].isDynamicEntry) {
      failures.push(`route ${route}: no lazy chunk of its own (${rel})`);
      continue;
    }
    const file = manifest[key].file;
    if (entryClosure.some((k) => manifest[k].file === file))
      failures.push(`route ${route}: its screen is in the entry`);
    // Routes that render the same screen module (/rules, /rules2) share its chunk by definition;
    // two different screens must never end up in one chunk.
    const owner = fileOwners.get(file);
    if (owner && owner.key !== key) failures.push(`routes ${owner.route} and ${route} share chunk ${file}`);
    fileOwners.set(file, { route, key });
    routeChunks[route] = file;
  }

  // No screen-only library in the entry.
  const entryLibs = [
    ...new Set(
      entryClosure.flatMap((k) => chunkModules[manifest[k].file] ?? []).filter((p) => SCREEN_ONLY_LIBS.includes(p)),
    ),
  ];
  if (entryLibs.length) failures.push(`entry holds screen-only libraries: ${entryLibs.join(', ')}`);

  const routes = {};
  for (const budget of ROUTE_BUDGETS) {
    const rel = screens.get(budget.route);
    const key = rel && manifestKey(manifest, rel);
    if (!key) {
      failures.push(`budget route ${budget.route} is not in the route table`);
      continue;
    }
    const keys = closure(manifest, [entryKey, key]);
    const js = keys.map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
    const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
    const jsBytes = js.reduce((n, f) => n + gz(f), 0);
    const cssBytes = css.reduce((n, f) => n + gz(f), 0);
    const result = { jsGzipKiB: kib(jsBytes), jsBudgetKiB: budget.jsKiB, chunks: js.length + css.length };
    if (jsBytes > budget.jsKiB * KiB)
      failures.push(`${budget.route}: ${kib(jsBytes)} KiB gzip JS > ${budget.jsKiB} KiB`);
    if (budget.cssKiB !== undefined) {
      Object.assign(result, { cssGzipKiB: kib(cssBytes), cssBudgetKiB: budget.cssKiB });
      if (cssBytes > budget.cssKiB * KiB)
        failures.push(`${budget.route}: ${kib(cssBytes)} KiB gzip CSS > ${budget.cssKiB} KiB`);
    }
    routes[budget.route] = result;
  }
  return { routes, routeChunks, entryScreenOnlyLibs: entryLibs };
}

async function waitForServer(url, child, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url}`);
}

async function lighthouseChecks() {
  const port = Number(process.env.BUDGETS_PORT ?? 18181);
  const base = `http://localhost:${port}`;
  const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SQLITE_PATH: join(tmpdir(), `budgets-${process.pid}-${Date.now()}.db`),
      WEB_DIST: 'apps/web/dist',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let serverErr = '';
  server.stderr.on('data', (d) => {
    serverErr = (serverErr + d).slice(-2000);
  });
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  try {
    await waitForServer(`${base}/login`, server);
    for (const budget of LIGHTHOUSE_BUDGETS) {
      const url = `${base}${budget.path}`;
      const scores = [];
      const lcp = [];
      const tbt = [];
      for (let i = 0; i < RUNS; i++) {
        const chrome = await chromeLauncher.launch({
          chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
        });
        try {
          const run = await lighthouse(url, {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
          });
          const lhr = run?.lhr;
          scores.push(Math.round((lhr?.categories.performance.score ?? 0) * 100));
          lcp.push(Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0));
          tbt.push(Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? 0));
        } finally {
          await chrome.kill();
        }
      }
      const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
      if (median < budget.minScore) failures.push(`lighthouse ${budget.path}: median ${median} < ${budget.minScore}`);
      results.push({ path: budget.path, runs: scores, median, minScore: budget.minScore, lcpMs: lcp, tbtMs: tbt });
    }
  } catch (error) {
    failures.push(`lighthouse: ${error instanceof Error ? error.message : String(error)} ${serverErr.slice(-300)}`);
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  return results;
}

const built = ensureBuilt();
const bundle = bundleChecks();
const lighthouseResults = process.env.BUDGETS_SKIP_LIGHTHOUSE === '1' ? 'skipped' : await lighthouseChecks();
const out = { bench: 'budgets', ok: failures.length === 0, built, ...bundle, lighthouse: lighthouseResults, failures };
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(failures.length === 0 ? 0 : 1);
