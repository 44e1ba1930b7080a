#!/usr/bin/env node
/**
 * `npm run bench:budgets`: first-view budgets of the H5, measured the strict way. Prints a readable
 * summary on stderr and ONE JSON line on stdout; exits 1 when a budget is broken.
 *
 * 1. Builds apps/web (BUDGETS_NO_BUILD=1 reuses dist) and starts the real server on a fresh SQLite.
 * 2. First view: each route opens in a fresh Debian Chromium context at 375×812; every JS and CSS
 *    response that arrives before network idle is summed at its gzip -9 size. /upStdDraw is opened
 *    logged in (demo code 123456). The chunks those responses come from may not contain zod
 *    (dist/.vite/chunk-modules.json, written by apps/web/vite.config.ts).
 * 3. Build structure: every route its own lazy chunk; no screen-only library in the entry chunk.
 * 4. Lighthouse 12 (mobile, simulated throttling) RUNS times on each page; the medians of performance,
 *    accessibility, CLS and TBT are reported and checked. BUDGETS_SKIP_LIGHTHOUSE=1 skips this part.
 * 5. The operator console (apps/console, issue 23): its first views at 1440×900 — the sign-in a visitor
 *    gets and a signed-in section (the audit log, the heaviest: a table) — each ≤ 350 KiB gzip JS, every
 *    console route its own lazy chunk, and no console code in the H5's build (no antd, no react-router,
 *    nothing from apps/console in any H5 chunk).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = join(ROOT, 'apps/web');
const DIST = join(WEB, 'dist');
const PORT = Number(process.env.BUDGETS_PORT ?? 18181);
const BASE = `http://127.0.0.1:${PORT}`;
const KiB = 1024;
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-quic'];
/** The login screen's demo code (README, "Two commands"). */
const DEMO_OTP = '123456';
const DEMO_MOBILE = '13800000110';

/** First view, strict: JS (and optionally CSS) gzip KiB loaded before network idle. */
export const FIRST_VIEW_BUDGETS = [
  { name: 'login', path: '/login?corpId=demo', jsKiB: 110, cssKiB: 25 },
  { name: 'upStdDraw', path: '/upStdDraw?corpId=demo&actId=wheel-spring', jsKiB: 140, login: true },
];
/** Lighthouse pages: the medians must reach these (issue 8 part 5). */
export const LIGHTHOUSE_PAGES = [
  { name: 'login', path: '/login?corpId=demo' },
  { name: 'upStdDraw', path: '/upStdDraw?corpId=demo&actId=wheel-spring', login: true },
  { name: 'activityPark', path: '/activityPark?corpId=demo' },
  { name: 'rules', path: '/rules?corpId=demo&actId=wheel-spring' },
];
export const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 95, maxCls: 0.01 };
const RUNS = Number(process.env.BUDGETS_RUNS ?? 3);
const REPORT_DIR = process.env.BUDGETS_REPORT_DIR ?? '';
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
/** BUDGETS_PAGES=upStdDraw,login: Lighthouse on these pages only (while working on one). */
const ONLY_PAGES = (process.env.BUDGETS_PAGES ?? '').split(',').filter(Boolean);
/** Libraries only some screens need; they must stay out of the entry chunk. */
export const SCREEN_ONLY_LIBS = [
  'antd-mobile',
  'antd-mobile-icons',
  '@react-spring/web',
  '@use-gesture/react',
  'ahooks',
  'rc-field-form',
  'rc-util',
  'dayjs',
];
/** Never in a first view: the client calls the server without zod's runtime (docs/decisions/0110). */
const FORBIDDEN_IN_FIRST_VIEW = ['zod'];

const CONSOLE = join(ROOT, 'apps/console');
const CONSOLE_DIST = join(CONSOLE, 'dist');
/** The console's first views (desktop), strict like the H5's. */
export const CONSOLE_FIRST_VIEW_BUDGETS = [
  { name: 'console-sign-in', path: '/console/?corpId=demo', jsKiB: 350 },
  { name: 'console-audit', path: '/console/audit?corpId=demo', jsKiB: 350, consoleSession: true },
];
/** Packages only the console uses: none may appear in an H5 chunk. */
const CONSOLE_ONLY_PACKAGES = ['antd', '@ant-design/icons', 'react-router', '@rc-component/table'];

const failures = [];
const log = (msg) => process.stderr.write(`[bench:budgets] ${msg}\n`);
const kib = (bytes) => Math.round((bytes / KiB) * 10) / 10;
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)];
};

// ------------------------------------------------------------------------------------------- build

function build() {
  if (
    process.env.BUDGETS_NO_BUILD === '1' &&
    existsSync(join(DIST, '.vite/manifest.json')) &&
    existsSync(join(CONSOLE_DIST, '.vite/manifest.json'))
  )
    return false;
  for (const app of ['apps/web', 'apps/console']) {
    log(`building ${app}`);
    const r = spawnSync('npm', ['run', 'build', '-w', app], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error(`npm run build -w ${app} failed`);
  }
  return true;
}

/** Every console route lazy (apps/console/src/app/router.tsx); no console package in any H5 chunk. */
function consoleStructureChecks(webChunkModules) {
  const manifest = JSON.parse(readFileSync(join(CONSOLE_DIST, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryClosure = closure(manifest, [entryKey]);
  const source = readFileSync(join(CONSOLE, 'src/app/router.tsx'), 'utf8');
  const lazy = [...source.matchAll(/import\('([^']+)'\)/g)].map((m) => posix.normalize(posix.join('src/app', m[1])));
  for (const rel of new Set(lazy)) {
    const key = manifestKey(manifest, rel);
    if (!key || !manifest[key].isDynamicEntry) failures.push(`console route ${rel}: no lazy chunk of its own`);
    else if (entryClosure.includes(key)) failures.push(`console route ${rel}: its screen is in the entry`);
  }
  const leaked = Object.entries(webChunkModules)
    .map(([file, pkgs]) => [file, pkgs.filter((p) => CONSOLE_ONLY_PACKAGES.includes(p))])
    .filter(([, pkgs]) => pkgs.length);
  for (const [file, pkgs] of leaked) failures.push(`H5 chunk ${file} holds console packages: ${pkgs.join(', ')}`);
  const webManifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
  const fromConsole = Object.keys(webManifest).filter((k) => k.includes('apps/console') || k.startsWith('../console'));
  for (const k of fromConsole) failures.push(`H5 build includes console module ${k}`);
  return {
    consoleEntry: manifest[entryKey].file,
    consoleLazyRoutes: new Set(lazy).size,
    h5HoldsConsoleCode: leaked.length + fromConsole.length > 0,
  };
}

/** The demo admin's console session (password + the current TOTP code), as the sign-in screen gets it. */
async function consoleLogin() {
  const { Secret, TOTP } = await import('otpauth');
  const demo = JSON.parse(readFileSync(join(ROOT, 'apps/server/campaigns/demo-console-accounts.json'), 'utf8'));
  const admin = demo.accounts.find((a) => a.login === 'admin');
  const res = await fetch(`${BASE}/bmcs/api/console/auth/sign-in?corpId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({
      login: admin.login,
      password: demo.password,
      totp: new TOTP({ secret: Secret.fromBase32(admin.totpSecret) }).generate(),
    }),
  });
  const cookies = res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  });
  if (!res.ok || !cookies.some((c) => c.name === 'console_sid'))
    throw new Error(`console sign-in failed: ${res.status}`);
  return cookies;
}

/** Route path → manifest key of its lazy screen, read from the route table source. */
function routeScreens() {
  const source = readFileSync(join(WEB, 'src/app/routes.tsx'), 'utf8');
  const screens = new Map();
  for (const m of source.matchAll(/path:\s*'([^']+)'[^\n]*?import\('([^']+)'\)/g)) {
    screens.set(m[1], posix.normalize(posix.join('src/app', m[2])));
  }
  return screens;
}

function manifestKey(manifest, rel) {
  for (const ext of ['.tsx', '.ts', '.jsx', '.js']) if (manifest[rel + ext]) return rel + ext;
  return manifest[rel] ? rel : null;
}

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

/** Every route its own lazy chunk; no screen-only library in the entry. */
function structureChecks(manifest, chunkModules) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryClosure = closure(manifest, [entryKey]);
  const fileOwners = new Map();
  for (const [route, rel] of routeScreens()) {
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
  }
  const entryLibs = [
    ...new Set(
      entryClosure.flatMap((k) => chunkModules[manifest[k].file] ?? []).filter((p) => SCREEN_ONLY_LIBS.includes(p)),
    ),
  ];
  if (entryLibs.length) failures.push(`entry holds screen-only libraries: ${entryLibs.join(', ')}`);
  return { entry: manifest[entryKey].file, entryScreenOnlyLibs: entryLibs };
}

// ------------------------------------------------------------------------------------------ server

function startServer() {
  const db = join(tmpdir(), `budgets-${process.pid}-${Date.now()}.db`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      SQLITE_PATH: db,
      DATABASE_URL: '',
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: 'apps/web/dist',
      CONSOLE_DIST: 'apps/console/dist',
      LOGIN_RATE_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr.on('data', (d) => {
    tail = (tail + d).slice(-2000);
  });
  return { child, db, tail: () => tail };
}

async function waitForHealth(server) {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}: ${server.tail()}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${BASE}/healthz did not come up in 60 s`);
}

async function stopServer(server) {
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(server.db + suffix, { force: true });
}

/** OTP log-in through the API (as the login screen does it); returns the cookies it set. */
async function apiLogin() {
  let res;
  // A server just started on a busy machine may shed the first calls (429 with Retry-After, ADR 0054): wait as told.
  for (let attempt = 0; attempt < 10; attempt++) {
    res = await fetch(`${BASE}/bmcs/api/auth/otp/login?corpId=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-campaign-client': 'h5', origin: BASE },
      body: JSON.stringify({ mobile: DEMO_MOBILE, code: DEMO_OTP }),
    });
    if (res.status !== 429) break;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
  const cookies = res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  });
  if (!res.ok || !cookies.some((c) => c.name === 'sid')) throw new Error(`demo login failed: ${res.status}`);
  return cookies;
}

// -------------------------------------------------------------------------------------- first view

/** Chunk file (assets/x.js) → node_modules packages inside it. */
function packagesOf(chunkModules, url) {
  const file = new URL(url).pathname.replace(/^\//, '');
  return chunkModules[file] ?? [];
}

async function firstView(browser, budget, cookies, chunkModules, desktop = false) {
  const context = await browser.newContext(
    desktop
      ? { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' }
      : {
          viewport: { width: 375, height: 812 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          locale: 'zh-CN',
        },
  );
  if (budget.login || budget.consoleSession) await context.addCookies(cookies.map((c) => ({ ...c, url: BASE })));
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => ({ url: response.url(), type, bytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => ({ url: response.url(), type, bytes: 0 })),
    );
  });
  await page.goto(`${BASE}${budget.path}`, { waitUntil: 'networkidle' });
  const files = await Promise.all(pending);
  await context.close();

  const js = files.filter((f) => f.type === 'script');
  const css = files.filter((f) => f.type === 'stylesheet');
  const jsBytes = js.reduce((n, f) => n + f.bytes, 0);
  const cssBytes = css.reduce((n, f) => n + f.bytes, 0);
  const forbidden = [
    ...new Set(js.flatMap((f) => packagesOf(chunkModules, f.url)).filter((p) => FORBIDDEN_IN_FIRST_VIEW.includes(p))),
  ];
  if (jsBytes > budget.jsKiB * KiB)
    failures.push(`${budget.name}: first view ${kib(jsBytes)} KiB gzip JS > ${budget.jsKiB} KiB`);
  if (budget.cssKiB !== undefined && cssBytes > budget.cssKiB * KiB)
    failures.push(`${budget.name}: first view ${kib(cssBytes)} KiB gzip CSS > ${budget.cssKiB} KiB`);
  if (forbidden.length) failures.push(`${budget.name}: first view loads ${forbidden.join(', ')}`);
  return {
    path: budget.path,
    jsGzipKiB: kib(jsBytes),
    jsBudgetKiB: budget.jsKiB,
    cssGzipKiB: kib(cssBytes),
    ...(budget.cssKiB !== undefined ? { cssBudgetKiB: budget.cssKiB } : {}),
    forbidden,
    files: files
      .map((f) => ({ file: new URL(f.url).pathname, gzipKiB: kib(f.bytes) }))
      .sort((a, b) => b.gzipKiB - a.gzipKiB),
  };
}

// -------------------------------------------------------------------------------------- lighthouse

async function lighthouseRuns(page, cookieHeader) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      const result = await lighthouse(`${BASE}${page.path}`, {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility'],
        logLevel: 'error',
        output: 'json',
        ...(page.login ? { extraHeaders: { Cookie: cookieHeader } } : {}),
      });
      const lhr = result?.lhr;
      // BUDGETS_REPORT_DIR=dir keeps each run's full report (to read what the LCP waited for).
      if (REPORT_DIR && lhr) writeFileSync(join(REPORT_DIR, `${page.name}-${i + 1}.json`), JSON.stringify(lhr));
      if (lhr?.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
      runs.push({
        performance: Math.round((lhr?.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr?.categories.accessibility.score ?? 0) * 100),
        cls: Number((lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? 0),
        lcpMs: Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  const out = {
    path: page.path,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    lcpMs: pick('lcpMs'),
    runs,
  };
  if (out.performance < LIGHTHOUSE_BUDGETS.performance)
    failures.push(`lighthouse ${page.name}: performance ${out.performance} < ${LIGHTHOUSE_BUDGETS.performance}`);
  if (out.accessibility < LIGHTHOUSE_BUDGETS.accessibility)
    failures.push(`lighthouse ${page.name}: accessibility ${out.accessibility} < ${LIGHTHOUSE_BUDGETS.accessibility}`);
  if (out.cls > LIGHTHOUSE_BUDGETS.maxCls)
    failures.push(`lighthouse ${page.name}: CLS ${out.cls} > ${LIGHTHOUSE_BUDGETS.maxCls}`);
  return out;
}

// -------------------------------------------------------------------------------------------- main

const built = build();
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const chunkModules = JSON.parse(readFileSync(join(DIST, '.vite/chunk-modules.json'), 'utf8'));
const structure = structureChecks(manifest, chunkModules);
const consoleStructure = consoleStructureChecks(chunkModules);
const server = startServer();
const firstViews = {};
const consoleFirstViews = {};
const lighthouse = {};
try {
  await waitForHealth(server);
  const cookies = await apiLogin();
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const budget of FIRST_VIEW_BUDGETS) {
      const view = await firstView(browser, budget, cookies, chunkModules);
      firstViews[budget.name] = view;
      log(`first view ${budget.name}: ${view.jsGzipKiB} KiB JS (budget ${budget.jsKiB}), ${view.cssGzipKiB} KiB CSS`);
    }
    const consoleCookies = await consoleLogin();
    for (const budget of CONSOLE_FIRST_VIEW_BUDGETS) {
      const view = await firstView(browser, budget, consoleCookies, {}, true);
      consoleFirstViews[budget.name] = view;
      log(
        `console first view ${budget.name}: ${view.jsGzipKiB} KiB JS (budget ${budget.jsKiB}), ${view.cssGzipKiB} KiB CSS`,
      );
    }
  } finally {
    await browser.close();
  }
  if (process.env.BUDGETS_SKIP_LIGHTHOUSE === '1') {
    log('lighthouse skipped (BUDGETS_SKIP_LIGHTHOUSE=1)');
  } else {
    const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    for (const page of LIGHTHOUSE_PAGES.filter((p) => !ONLY_PAGES.length || ONLY_PAGES.includes(p.name))) {
      const lh = await lighthouseRuns(page, cookieHeader);
      lighthouse[page.name] = lh;
      log(
        `lighthouse ${page.name} (median of ${RUNS}): performance ${lh.performance}, accessibility ${lh.accessibility}, CLS ${lh.cls}, TBT ${lh.tbtMs} ms`,
      );
    }
  }
} catch (error) {
  failures.push(`bench: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopServer(server);
}

for (const f of failures) log(`FAIL ${f}`);
const out = {
  bench: 'budgets',
  ok: failures.length === 0,
  built,
  firstView: firstViews,
  ...structure,
  console: { firstView: consoleFirstViews, ...consoleStructure },
  lighthouse: process.env.BUDGETS_SKIP_LIGHTHOUSE === '1' ? 'skipped' : lighthouse,
  budgets: {
    firstView: FIRST_VIEW_BUDGETS,
    consoleFirstView: CONSOLE_FIRST_VIEW_BUDGETS,
    lighthouse: LIGHTHOUSE_BUDGETS,
    runs: RUNS,
  },
  failures,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(failures.length === 0 ? 0 : 1);
