import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
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
      writeFileSync(
        join(root, 'index.html'),
        `<!doctype html><html><head><title>${label}</title></head><body></body></html>`,
      );
      const js = `console.log(${JSON.stringify(label.repeat(200))});`;
      writeFileSync(join(root, 'assets', 'app-abc123.js'), js);
      writeFileSync(join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    }
    mkdirSync(join(main, '.vite'));
    writeFileSync(
      join(main, '.vite', 'route-preloads.json'),
      JSON.stringify({
        '/upStdDraw': ['assets/draw-1.js', 'assets/draw-1.css', 'assets/shared-2.js'],
        '/editAddress/:addNo': ['assets/address-3.js'],
        '/evil': ['assets/x.js"><script>alert(1)</script>', '../../etc/passwd.js'],
      }),
    );
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

  it("names a route's files in the page sent for it, so they load beside the entry", async () => {
    const draw = (await t.app.inject('/upStdDraw?corpId=demo&actId=x')).body;
    expect(draw).toContain('<link rel="modulepreload" crossorigin href="/assets/draw-1.js">');
    expect(draw).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-2.js">');
    expect(draw).toContain('<link rel="preload" as="style" crossorigin href="/assets/draw-1.css">');
    expect((await t.app.inject('/editAddress/7')).body).toContain('href="/assets/address-3.js"');
    for (const url of ['/login', '/editAddress', '/editAddress/7/8', '/upStdDraw/x']) {
      expect((await t.app.inject(url)).body, url).not.toContain('modulepreload');
    }
    // Only plain asset names ever reach the page.
    const evil = (await t.app.inject('/evil')).body;
    expect(evil).not.toContain('<script>alert');
    expect(evil).not.toContain('passwd');
    // The gray build has no list: its page is sent as it is.
    const gray = await t.app.inject({ url: '/upStdDraw', cookies: { 'X-Tag': 'gray-bmcs' } });
    expect(gray.body).toContain('<title>gray</title>');
    expect(gray.body).not.toContain('modulepreload');
  });

  it('sends the page itself compressed to clients that accept it, the demo mark included', async () => {
    const br = await t.app.inject({ url: '/upStdDraw', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<meta name="campaign-demo" content="1">');
    const gz = await t.app.inject({ url: '/upStdDraw', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<title>main</title>');
    const plain = await t.app.inject('/upStdDraw');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>main</title>');
    const refused = await t.app.inject({ url: '/upStdDraw', headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('answers 304 to a browser revalidating the page it has, and the page when it changed', async () => {
    const first = await t.app.inject('/upStdDraw');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/upStdDraw', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another route's page names other files: another tag, and the copy of /upStdDraw does not match it.
    const other = await t.app.inject({ url: '/editAddress/7', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
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
