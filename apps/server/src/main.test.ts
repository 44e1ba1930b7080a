import type { ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeHttp } from './testing/fake-http';
import { spawnServer } from './testing/server-process';

/** One request on a connection of its own: under the cluster each may be accepted by either worker. */
function call(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<{ status: number; json: unknown; cookies: string[] }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { 'x-campaign-client': 'h5', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += String(d);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: text ? JSON.parse(text) : null,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] as string),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

function start(
  dir: string,
  port: number,
  workers: number,
  extraEnv: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  return spawnServer({
    PORT: String(port),
    SQLITE_PATH: join(dir, 'db.sqlite'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    WORKERS: String(workers),
    ...extraEnv,
  });
}

const envelope = z.object({ code: z.number(), data: z.unknown() });

describe.each([1, 2])('the service process with WORKERS=%i', (workers) => {
  it('migrates, seeds, serves draws on every worker, and exits 0 on SIGTERM after finishing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'main-test-'));
    const port = 18000 + Math.floor(Math.random() * 900);
    const { child, output } = start(dir, port, workers);
    try {
      for (let i = 0; i < 300 && !output().includes('is running on') && child.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output()).toContain(`http://localhost:${port}/login?corpId=demo`);
      expect((await call(port, 'GET', '/healthz')).json).toEqual({ status: 'ok', database: 'sqlite' });
      const park = z
        .object({ code: z.literal(0), data: z.array(z.object({ actId: z.string() })) })
        .parse((await call(port, 'GET', '/bmcs/api/activity/park?corpId=demo')).json);
      expect(park.data.map((a) => a.actId)).toContain('wheel-spring');

      const login = await call(
        port,
        'POST',
        '/bmcs/api/auth/otp/login?corpId=demo',
        {},
        {
          mobile: '13900001111',
          code: '123456',
        },
      );
      expect(login.status).toBe(200);
      const cookie = login.cookies.join('; ');
      const encid = login.cookies.find((c) => c.startsWith('encid='))?.slice('encid='.length);
      expect(encid).toBeTruthy();
      // Each draw on a fresh connection, so under the cluster any worker may answer it: each must open the
      // encid another sealed (one key for all), see the session another created, and count the chances
      // together: the demo wheel gives three a day, so the fourth is refused wherever it lands.
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await call(
          port,
          'POST',
          `/bmcs/api/rocc/lottery?corpId=demo&nuid=${encid}`,
          { cookie, 'idempotency-key': randomUUID() },
          { actId: 'wheel-spring' },
        );
        codes.push(envelope.parse(r.json).code);
      }
      expect(codes).toEqual([0, 0, 0, 2006]);

      const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      await expect(call(port, 'GET', '/healthz')).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the service process under NODE_ENV=production', () => {
  const production = { NODE_ENV: 'production', ENCRYPTION_KEY: 'c'.repeat(64), LOG_LEVEL: 'warn' };

  it('refuses to start (exit 1, no worker forked) without the real SMS gateway and chat-platform exchange, naming the variables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'main-test-'));
    const port = 18000 + Math.floor(Math.random() * 900);
    // DEMO_MODE on does not make the simulated providers acceptable in production.
    const { child, output } = start(dir, port, 2, { ...production, DEMO_MODE: '1' });
    try {
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).toBe(1);
      for (const name of ['SMS_ENDPOINT', 'SMS_ACCESS_KEY', 'SMS_SECRET', 'SMS_TEMPLATE_ID']) {
        expect(output()).toContain(name);
      }
      for (const name of ['OAUTH_BASE_URL', 'OAUTH_APP_ID', 'OAUTH_APP_SECRET']) expect(output()).toContain(name);
      await expect(call(port, 'GET', '/healthz')).rejects.toThrow();
      // It stopped before touching the database.
      expect(existsSync(join(dir, 'db.sqlite'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts with them configured and sends codes through the gateway, signed', async () => {
    const gateway = await startFakeHttp(() => ({ json: { code: 'OK', requestId: 'gw-main' } }));
    const dir = mkdtempSync(join(tmpdir(), 'main-test-'));
    const port = 18000 + Math.floor(Math.random() * 900);
    const { child, output } = start(dir, port, 1, {
      ...production,
      // Demo mode seeds the demo tenant to send for; the real providers are used all the same.
      DEMO_MODE: '1',
      SMS_ENDPOINT: `${gateway.url}/sms`,
      SMS_ACCESS_KEY: 'ak-main',
      SMS_SECRET: 'sms-secret-main',
      SMS_TEMPLATE_ID: 'T-LOGIN',
      OAUTH_BASE_URL: gateway.url,
      OAUTH_APP_ID: 'wx-main',
      OAUTH_APP_SECRET: 'wx-secret-main',
    });
    try {
      for (let i = 0; i < 300 && !output().includes('is running on') && child.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output()).toContain('is running on');
      const sent = await call(port, 'POST', '/bmcs/api/auth/otp/send?corpId=demo', {}, { mobile: '13900002222' });
      expect(envelope.parse(sent.json).code).toBe(0);
      expect(gateway.requests).toHaveLength(1);
      const [req] = gateway.requests;
      const ts = String(req?.headers['x-sms-timestamp']);
      const nonce = String(req?.headers['x-sms-nonce']);
      const mac = createHmac('sha256', 'sms-secret-main').update(`${ts}\n${nonce}\n${req?.body}`).digest('hex');
      expect(req?.headers['x-sms-signature']).toBe(mac);
      expect(req?.body).toContain('13900002222');
    } finally {
      child.kill('SIGKILL');
      await gateway.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
