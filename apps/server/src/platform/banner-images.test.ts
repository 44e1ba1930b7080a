import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { startTestApp, type TestApp } from '../testing/harness';

const dir = mkdtempSync(join(tmpdir(), 'banners-'));
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const url = (image: string, corpId = 'demo', extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ checkscene: 'api-bmcs', corpId, checkData: JSON.stringify({ corpId }), ...extra });
  return `/bmcs/file/bannerImageChk/${image}?${q}`;
};

describe('banner image check', () => {
  let t: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dir, 'demo'));
    mkdirSync(join(dir, 'demo-gray'));
    writeFileSync(join(dir, 'demo', 'top.png'), PNG);
    writeFileSync(join(dir, 'demo-gray', 'gray-only.png'), PNG);
    writeFileSync(join(dir, 'secret.png'), PNG);
    symlinkSync(join(dir, 'demo-gray', 'gray-only.png'), join(dir, 'demo', 'link.png'));
    t = await startTestApp('sqlite', { config: testConfig({ bannerDir: dir }), serveWeb: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the corp's image with its type and cache headers", async () => {
    const res = await t.app.inject(url('top.png'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const again = await t.app.inject({ url: url('top.png'), headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('the bundled demo banners are served by default', async () => {
    const d = await startTestApp('sqlite');
    try {
      const res = await d.app.inject(url('spring-fest.svg'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    } finally {
      await d.close();
    }
  });

  it.each([
    ['wrong scene', url('top.png', 'demo', { checkscene: 'other' }), 400],
    ['checkData of another corp', url('top.png', 'demo', { checkData: '{"corpId":"demo-gray"}' }), 400],
    ['checkData not JSON', url('top.png', 'demo', { checkData: 'demo' }), 400],
    ['unknown corp', url('top.png', 'nobody'), 400],
    ['unknown image', url('nope.png'), 404],
    ["another corp's image", url('gray-only.png'), 404],
    ['dot-dot', url('..%2Fsecret.png'), 404],
    ['encoded slash', url('demo-gray%2Fgray-only.png'), 404],
    ['double-encoded dot-dot', url('%252e%252e%252fsecret.png'), 404],
    ['a link out of the directory', url('link.png'), 404],
    ['not an image', url('top.txt'), 404],
  ])('%s → an envelope error, never the HTML page', async (_name, u, status) => {
    const res = await t.app.inject(u);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().code).not.toBe(0);
  });
});
