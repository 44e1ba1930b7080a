import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig, testConfig } from './config';
import { SHED_TEST_COOKIE } from './platform/load-shedding';
import { createServices } from './services';
import { body, freshDatabase, startTestApp, type TestApp } from './testing/harness';

/** A built H5 and console: a page, a script and a style each. */
function builds() {
  const dir = mkdtempSync(join(tmpdir(), 'shed-dist-'));
  for (const app of ['web', 'console']) {
    mkdirSync(join(dir, app, 'assets'), { recursive: true });
    writeFileSync(join(dir, app, 'index.html'), `<!doctype html><html><head><title>${app}</title></head></html>`);
    writeFileSync(join(dir, app, 'assets', 'screen-abc.js'), 'export const x = 1;');
    writeFileSync(join(dir, app, 'assets', 'screen-abc.css'), 'body{margin:0}');
  }
  return dir;
}

/** What the browser fetches to show a page of each app: none of it may be shed. */
const FILES = [
  '/upStdDraw?corpId=demo&actId=wheel-spring',
  '/assets/screen-abc.js',
  '/assets/screen-abc.css',
  '/console/campaigns',
  '/console/assets/screen-abc.js',
  '/console/assets/screen-abc.css',
  '/healthz',
];
const API = '/bmcs/api/system/time';

describe('load shedding sheds API calls only, as BUSY', () => {
  let t: TestApp;
  const dir = builds();
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      config: testConfig({
        webDist: join(dir, 'web'),
        consoleDist: join(dir, 'console'),
        maxEventLoopDelayMs: 20,
        shedTestCookie: true,
      }),
      serveWeb: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves pages, scripts and styles of both apps while the event loop is behind; API calls get 429 BUSY', async () => {
    const served = async () => (await t.app.inject(API)).statusCode === 200;
    for (const end = Date.now() + 3000; !(await served()) && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    // Block the event loop for 300 ms: the next sample (every 100 ms) sees the delay.
    const until = Date.now() + 300;
    while (Date.now() < until) {}
    await new Promise((r) => setTimeout(r, 0));
    const [api, ...files] = await Promise.all([API, ...FILES].map((url) => t.app.inject(url)));
    expect(api?.statusCode).toBe(429);
    expect(api?.headers['retry-after']).toBe('1');
    expect(body(api as never)).toEqual({ code: 42901, data: '活动太火爆，请稍后再试' });
    expect(files.map((f, i) => `${FILES[i]} ${f.statusCode}`)).toEqual(FILES.map((f) => `${f} 200`));
  });

  it('serves every file past MAX_IN_FLIGHT: only API calls hold and need a slot', async () => {
    const busy = await startTestApp('sqlite', {
      config: testConfig({ webDist: join(dir, 'web'), consoleDist: join(dir, 'console'), maxInFlight: 1 }),
      serveWeb: true,
    });
    try {
      const answers = await Promise.all([API, ...FILES, API].map((url) => busy.app.inject(url)));
      const files = answers.slice(1, -1);
      expect(files.map((f, i) => `${FILES[i]} ${f.statusCode}`)).toEqual(FILES.map((f) => `${f} 200`));
      const api = [answers[0], answers.at(-1)].map((a) => a?.statusCode).sort();
      expect(api).toEqual([200, 429]);
    } finally {
      await busy.close();
    }
  });

  it('sheds the API calls of a browser carrying the journeys’ cookie, and nothing else of it', async () => {
    const cookie = `a=b; ${SHED_TEST_COOKIE}=1`;
    // Caught up again (the test above blocked the loop).
    for (const end = Date.now() + 3000; (await t.app.inject(API)).statusCode !== 200 && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const shed = await t.app.inject({ url: API, headers: { cookie, 'accept-language': 'en-US' } });
    expect(shed.statusCode).toBe(429);
    expect(body(shed)).toEqual({
      code: 42901,
      data: 'So many people are taking part right now: please try again shortly',
    });
    for (const url of FILES) expect((await t.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(200);
    expect((await t.app.inject({ url: API, headers: { cookie: `${SHED_TEST_COOKIE}=0` } })).statusCode).toBe(200);
  });

  it('ignores the cookie on a server not started for the journeys, and refuses that switch in production', async () => {
    const plain = await startTestApp('sqlite');
    try {
      const res = await plain.app.inject({ url: API, headers: { cookie: `${SHED_TEST_COOKIE}=1` } });
      expect(res.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
    expect(loadConfig({ NODE_ENV: 'test', SHED_TEST_COOKIE: '1' }).shedTestCookie).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: 'a'.repeat(64), SHED_TEST_COOKIE: '1' })).toThrow(
      /SHED_TEST_COOKIE/,
    );
  });
});

/** One request over `agent` (kept-alive: the second call reuses the first one's connection). */
function get(agent: Agent, port: number, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let text = '';
      res.on('data', (d) => {
        text += String(d);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the end of a graceful stop', () => {
  it('answers a call on a connection opened before with the envelope and Retry-After, never Fastify’s own 503', async () => {
    const { database, drop } = await freshDatabase('sqlite');
    const app = await buildApp({ services: createServices({ database, config: testConfig() }) });
    // Closing waits here (as it does while open dashboard streams end): calls may still arrive meanwhile.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let closingStarted = () => {};
    const closing = new Promise<void>((r) => {
      closingStarted = r;
    });
    app.addHook('preClose', async () => {
      closingStarted();
      await held;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(agent, port, API)).status).toBe(200);
      const closed = app.close();
      await closing;
      const late = await get(agent, port, `${API}?corpId=demo`);
      expect(late.status).toBe(503);
      expect(late.headers['retry-after']).toBe('1');
      expect(late.headers.connection).toBe('close');
      expect(JSON.parse(late.text)).toEqual({ code: 503, data: '服务暂不可用，请稍后再试' });
      release();
      await closed;
    } finally {
      release();
      agent.destroy();
      await drop();
    }
  });
});
