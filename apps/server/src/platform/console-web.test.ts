import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { startTestApp, type TestApp } from '../testing/harness';

describe('serving the operator console under /console/', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
  const web = join(dir, 'web');
  const consoleDist = join(dir, 'console');
  beforeAll(async () => {
    mkdirSync(web, { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><title>h5</title></head></html>');
    mkdirSync(join(consoleDist, 'assets'), { recursive: true });
    writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><html><head><title>控制台</title></head></html>');
    const js = `console.log(${JSON.stringify('console'.repeat(300))});`;
    writeFileSync(join(consoleDist, 'assets', 'index-abc123.js'), js);
    writeFileSync(join(consoleDist, 'assets', 'index-abc123.js.gz'), gzipSync(js));
    writeFileSync(join(consoleDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp('sqlite', { config: testConfig({ webDist: web, consoleDist }), serveWeb: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a client-side route gets the console’s index, never cached, not framable', async () => {
    for (const url of ['/console/', '/console/staff', '/console/audit?page=2', '/console/sso/callback/demo?code=x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>控制台</title>');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // A strict policy: scripts from this origin only, never inline; no one frames it; no plugins.
      const csp = new Map(
        String(res.headers['content-security-policy'] ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values]),
      );
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
    }
    const bare = await t.app.inject('/console');
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('控制台');
  });

  it('hashed assets are cached for a year, pre-compressed when the client takes it', async () => {
    const res = await t.app.inject({ url: '/console/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console');
    const plain = await t.app.inject('/console/favicon.svg');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-type']).toBe('image/svg+xml');
  });

  it('a path out of the build gets the index, never another file; the H5 and the API are untouched', async () => {
    const out = await t.app.inject('/console/..%2F..%2Fweb%2Findex.html');
    expect(out.body).toContain('控制台');
    expect((await t.app.inject('/')).body).toContain('<title>h5</title>');
    const api = await t.app.inject('/bmcs/api/console/me?corpId=demo');
    expect(api.statusCode).toBe(401);
  });
});
