/**
 * `npm run bench:animation`: are the four game animations smooth on a slow phone? Starts the real server
 * (its own process, fresh SQLite, demo tenant), opens each game in Debian's Chromium at 375×812 with 4x CPU
 * throttling, records requestAnimationFrame timestamps from the tap to the result, checks the page landed
 * on the server's prize, and prints one JSON line: frame intervals per game and `smooth` (p95 ≤ 34 ms).
 * Progress goes to stderr.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page, type Response } from '@playwright/test';
import { CHROMIUM } from '../apps/web/e2e/chromium';
import { scratchCover } from '../apps/web/e2e/helpers';

const ROOT = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.ANIMATION_PORT ?? 18770);
const BASE = `http://127.0.0.1:${PORT}`;
const CPU_THROTTLE = 4;
/** 30 fps or better: a p95 frame interval of two 60 Hz frames (33.3 ms) plus scheduling slack. */
const SMOOTH_P95_MS = 34;
const LONG_FRAME_MS = 50;
/** The login screen's demo code (README, "Two commands"). */
const DEMO_OTP = '123456';
/** BENCH_TRACE=<dir> writes a Chromium performance trace per game (<game>.json; open in DevTools → Performance). */
const TRACE_DIR = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

const END_MESSAGE = 'bench:animation:end';

const log = (msg: string) => process.stderr.write(`[bench:animation] ${msg}\n`);

// ---------------------------------------------------------------------------------------------- server

function ensureWebBuilt(): void {
  if (existsSync(join(ROOT, 'apps/web/dist/index.html'))) return;
  log('apps/web/dist is missing: building the H5');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) throw new Error(`npm run build -w apps/web exited with ${build.status}`);
}

function startServer(dbPath: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      SQLITE_PATH: dbPath,
      DATABASE_URL: '',
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST: 'apps/web/dist',
      LOGIN_RATE_PER_MINUTE: '100000',
    },
    // The server's banner goes to our stderr: stdout carries the one JSON line only.
    stdio: ['ignore', 2, 2],
  });
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before /healthz`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${BASE}/healthz did not come up in 30 s`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  if (!server.killed) server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** OTP log-in through the API; returns the cookies it set (sid, encid, corpId) for the browser context. */
async function apiLogin(mobile: string): Promise<{ name: string; value: string; url: string }[]> {
  const res = await fetch(`${BASE}/bmcs/api/auth/otp/login?corpId=demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-campaign-client': 'h5' },
    body: JSON.stringify({ mobile, code: DEMO_OTP }),
  });
  const cookies = res.headers.getSetCookie().map((c) => {
    const pair = c.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: BASE };
  });
  if (!res.ok || !cookies.some((c) => c.name === 'sid')) throw new Error(`login of ${mobile} failed: ${res.status}`);
  return cookies;
}

// ------------------------------------------------------------------------------------------ recording

interface Recording {
  frames: number[];
  start: number | null;
  end: number | null;
}

/**
 * In-page recorder (a string, so the bundler's helpers never leak into the page): a rAF loop logs every
 * frame's timestamp; the animation starts at the first pointerdown and ends when the result dialog is in
 * the DOM (for the scratch card: and the cover has faded out and gone).
 */
function recorderScript(waitForCoverGone: boolean): string {
  return `(() => {
    const rec = { frames: [], start: null, end: null, stopped: false };
    window.__animBench = rec;
    const tick = (t) => { rec.frames.push(t); if (!rec.stopped) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    document.addEventListener('pointerdown', () => { if (rec.start === null) { rec.start = performance.now(); performance.mark('bench:start'); } }, { capture: true });
    const ended = () =>
      document.querySelector('[data-testid="result-dialog"]') !== null &&
      (${waitForCoverGone} ? document.querySelector('.game-scratch__cover') === null : true);
    const mo = new MutationObserver(() => {
      if (rec.start !== null && rec.end === null && ended()) { rec.end = performance.now(); performance.mark('bench:end'); mo.disconnect(); console.debug(${JSON.stringify(END_MESSAGE)}); }
    });
    mo.observe(document.body, { childList: true, subtree: true });
  })()`;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface GameFigures {
  frames: number;
  durationMs: number;
  fps: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  over50msShare: number;
  /** The longest intervals, with their end's offset from the tap (ms). */
  longest: { atMs: number; ms: number }[];
  smooth: boolean;
  prizeId: string;
}

/** Frame intervals that overlap the animation [start, end]: every frame the user saw while it ran. */
function figures(rec: Recording, prizeId: string): GameFigures {
  const { start, end } = rec;
  if (start === null || end === null) throw new Error('the recorder saw no start or no end');
  const intervals: { at: number; ms: number }[] = [];
  for (let i = 1; i < rec.frames.length; i++) {
    const a = rec.frames[i - 1] as number;
    const b = rec.frames[i] as number;
    if (b > start && a < end) intervals.push({ at: b - start, ms: b - a });
  }
  if (intervals.length < 2) throw new Error(`only ${intervals.length} frames during the animation`);
  const sorted = intervals.map((x) => x.ms).sort((x, y) => x - y);
  const p95 = percentile(sorted, 95);
  const durationMs = end - start;
  return {
    frames: intervals.length,
    durationMs: Math.round(durationMs),
    fps: round1((intervals.length * 1000) / durationMs),
    p50Ms: round1(percentile(sorted, 50)),
    p95Ms: round1(p95),
    maxMs: round1(sorted[sorted.length - 1] ?? 0),
    over50msShare: Number((sorted.filter((ms) => ms > LONG_FRAME_MS).length / sorted.length).toFixed(3)),
    longest: [...intervals]
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 5)
      .map((x) => ({ atMs: Math.round(x.at), ms: round1(x.ms) })),
    smooth: p95 <= SMOOTH_P95_MS,
    prizeId,
  };
}

// -------------------------------------------------------------------------------------------- games

interface LotteryAnswer {
  prizeIndex: number;
  prize: { id: string; name: string };
}

async function lotteryAnswer(response: Response): Promise<LotteryAnswer> {
  const body = (await response.json()) as { code?: unknown; data?: Partial<LotteryAnswer> };
  const data = body.data;
  if (body.code !== 0 || typeof data?.prizeIndex !== 'number' || typeof data.prize?.id !== 'string') {
    throw new Error(`lottery answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return data as LotteryAnswer;
}

const isLottery = (r: Response) => r.url().includes('/lottery') && r.request().method() === 'POST';

function expectEqual(what: string, actual: string | null, expected: string): void {
  if (actual !== expected)
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

interface Game {
  key: 'wheel' | 'grid' | 'scratch' | 'blindBox';
  path: string;
  /** The game is on screen and ready for a tap. */
  ready(page: Page): Promise<void>;
  /** Starts the animation (the recorder sees the pointerdown). */
  play(page: Page): Promise<void>;
  waitForCoverGone?: boolean;
  /** The page shows the server's prize where the e2e test checks it. */
  verify(page: Page, answer: LotteryAnswer): Promise<void>;
}

async function verifyLanded(page: Page, answer: LotteryAnswer): Promise<void> {
  expectEqual(
    'data-landed',
    await page.getByTestId('draw-board').getAttribute('data-landed'),
    String(answer.prizeIndex),
  );
  expectEqual('dialog prize', await page.getByTestId('result-dialog').getAttribute('data-prize-id'), answer.prize.id);
}

const GAMES: Game[] = [
  {
    key: 'wheel',
    path: '/upStdDraw?corpId=demo&actId=wheel-spring',
    ready: async (page) => {
      await page.getByRole('button', { name: /抽奖/ }).waitFor();
    },
    play: (page) => page.getByRole('button', { name: /抽奖/ }).click(),
    verify: verifyLanded,
  },
  {
    key: 'grid',
    path: '/upStdDraw?corpId=demo&actId=grid-lucky',
    ready: async (page) => {
      await page.locator('.game-grid__cell').nth(7).waitFor();
    },
    play: (page) => page.getByRole('button', { name: /立即抽奖/ }).click(),
    verify: async (page, answer) => {
      await verifyLanded(page, answer);
      const won = await page.locator(`.game-grid__cell[data-slot="${answer.prizeIndex}"]`).getAttribute('class');
      if (!won?.includes('is-won')) throw new Error(`grid cell ${answer.prizeIndex} is not marked is-won: ${won}`);
    },
  },
  {
    key: 'scratch',
    path: '/bluescratch?corpId=demo&actId=scratch-gold',
    waitForCoverGone: true,
    ready: async (page) => {
      await page.locator('.game-scratch__cover').waitFor();
    },
    // The e2e test's strokes, until the card reveals itself past 50%.
    play: scratchCover,
    verify: async (page, answer) => {
      expectEqual(
        'dialog prize',
        await page.getByTestId('result-dialog').getAttribute('data-prize-id'),
        answer.prize.id,
      );
      expectEqual(
        'scratch face',
        await page.getByTestId('scratch-face').getAttribute('data-prize-id'),
        answer.prize.id,
      );
    },
  },
  {
    key: 'blindBox',
    path: '/blindBox?corpId=demo&actId=blindbox-spring',
    ready: async (page) => {
      await page.getByRole('button', { name: '盲盒3', exact: true }).waitFor();
    },
    play: (page) => page.getByRole('button', { name: '盲盒3', exact: true }).click(),
    verify: async (page, answer) => {
      expectEqual(
        'dialog prize',
        await page.getByTestId('result-dialog').getAttribute('data-prize-id'),
        answer.prize.id,
      );
      expectEqual('result name', await page.getByTestId('result-prize-name').textContent(), answer.prize.name);
      await page.getByRole('button', { name: `盲盒3：${answer.prize.name}`, exact: true }).waitFor({ timeout: 2_000 });
    },
  },
];

async function measure(browser: Browser, game: Game, mobile: string): Promise<GameFigures> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  try {
    await context.addCookies(await apiLogin(mobile));
    const page = await context.newPage();
    await page.goto(`${BASE}${game.path}`);
    // Logged in and the chances are loaded (the count appears), then the game itself.
    await page.getByTestId('chances-left').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
    await game.ready(page);
    await page.locator('.adm-toast-mask').first().waitFor({ state: 'detached', timeout: 5_000 });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(500);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.evaluate(recorderScript(game.waitForCoverGone === true));
    if (TRACE_DIR) {
      mkdirSync(TRACE_DIR, { recursive: true });
      await browser.startTracing(page, { path: join(TRACE_DIR, `${game.key}.json`), categories: TRACE_CATEGORIES });
    }
    await page.waitForTimeout(300);

    // Nothing runs in the page while it animates (no polling, no locator): the recorder reports its end
    // through a console message, the answer is read off the network.
    const answered = page.waitForResponse(isLottery, { timeout: 30_000 });
    const ended = page.waitForEvent('console', { predicate: (m) => m.text() === END_MESSAGE, timeout: 30_000 });
    // If play() throws first, these reject once the context closes: handled, not an unhandled rejection.
    answered.catch(() => {});
    ended.catch(() => {});
    await game.play(page);
    const answer = await lotteryAnswer(await answered);
    await ended;
    // A few frames past the end, so the frame that shows the result is recorded too.
    await page.waitForTimeout(200);
    const rec = await page.evaluate<Recording>(
      '(() => { const r = window.__animBench; r.stopped = true; return { frames: r.frames, start: r.start, end: r.end }; })()',
    );
    if (TRACE_DIR) await browser.stopTracing();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await game.verify(page, answer);
    return figures(rec, answer.prize.id);
  } finally {
    await context.close();
  }
}

// --------------------------------------------------------------------------------------------- main

/** What has to go on every exit, also on Ctrl-C: the browser, the server, the temp dir. */
const resources: { browser: Browser | null; server: ChildProcess | null; dir: string | null } = {
  browser: null,
  server: null,
  dir: null,
};

let cleaning: Promise<void> | null = null;

/** Idempotent: a signal and a failing main() both wait for the one clean-up. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    const { browser, server, dir } = resources;
    server?.kill('SIGTERM');
    await browser?.close().catch((err: unknown) => log(`closing the browser: ${String(err)}`));
    if (server) await stopServer(server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(1));
  });
}

async function main(): Promise<void> {
  ensureWebBuilt();
  resources.dir = mkdtempSync(join(tmpdir(), 'bench-animation-'));
  const server = startServer(join(resources.dir, 'bench.db'));
  resources.server = server;
  await waitForHealth(server);
  log(`server up on ${BASE}`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM.executablePath,
    headless: true,
    // Our own handlers close it (Playwright's would exit before the server and the temp dir are gone).
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [...CHROMIUM.args],
  });
  resources.browser = browser;
  const games: Partial<Record<Game['key'], GameFigures>> = {};
  for (const [i, game] of GAMES.entries()) {
    // A fresh user per game: every one starts with the day's full chances.
    const result = await measure(browser, game, `1387770${String(i).padStart(4, '0')}`);
    log(`${game.key}: ${JSON.stringify(result)}`);
    games[game.key] = result;
  }
  const line = {
    bench: 'animation',
    cpuThrottle: CPU_THROTTLE,
    viewport: '375x812@2x',
    smoothP95Ms: SMOOTH_P95_MS,
    games,
    allSmooth: GAMES.every((g) => games[g.key]?.smooth === true),
  };
  console.log(JSON.stringify(line));
}

main()
  .then(cleanUp)
  .catch(async (err: unknown) => {
    console.error(err);
    await cleanUp();
    process.exit(1);
  });
