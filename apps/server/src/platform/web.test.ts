import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { startTestApp, type TestApp } from '../testing/harness';

describe('serving the H5', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  const main = join(dir, 'main');
  const gray = join(dir, 'gray');
  beforeAll(async () => {
    for (const [root, label] of [
      [main, 'main'],
      [gray, 'gray'],
    ] as const) {
      mkdirSync(join(root, 'assets'), { recursive: true });
      writeFileSync(join(root, 'index.html'), `<!doctype html><title>${label}</title>`);
      const js = `console.log(${JSON.stringify(label.repeat(200))});`;
      writeFileSync(join(root, 'assets', 'app-abc123.js'), js);
      writeFileSync(join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    }
    t = await startTestApp('sqlite', {
      config: testConfig({ webDist: main, grayWebDist: gray }),
      serveWeb: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('falls back to index.html for every client route', async () => {
    for (const url of ['/', '/upStdDraw?actId=x', '/editAddress/7', '/v2/activity']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>main</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('marks the page as a demo only when the server runs in demo mode (no build setting)', async () => {
    expect((await t.app.inject('/login')).body).toContain('<meta name="campaign-demo" content="1">');
    const live = await startTestApp('sqlite', {
      config: testConfig({ webDist: main, grayWebDist: gray, demoMode: false }),
      serveWeb: true,
    });
    try {
      const page = await live.app.inject('/login');
      expect(page.body).toContain('<title>main</title>');
      expect(page.body).not.toContain('campaign-demo');
    } finally {
      await live.close();
    }
  });

  it('sends hashed assets brotli-compressed when accepted, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['cache-control'])).toContain('immutable');
    const plain = await t.app.inject('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('mainmain');
  });

  it('serves the gray build to requests carrying the gray tag cookie', async () => {
    const res = await t.app.inject({ url: '/login', cookies: { 'X-Tag': 'gray-bmcs' } });
    expect(res.body).toContain('<title>gray</title>');
    const other = await t.app.inject({ url: '/login', cookies: { 'X-Tag': 'something-else' } });
    expect(other.body).toContain('<title>main</title>');
  });

  it('keeps unknown API paths out of the fallback, and no path escapes the build folder', async () => {
    const api = await t.app.inject('/bmcs/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, data: '请求的资源不存在' });
    const traversal = await t.app.inject('/..%2f..%2fetc/passwd');
    expect(traversal.body).not.toContain('root:');
  });
});
