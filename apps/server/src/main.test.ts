import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = new URL('../../..', import.meta.url).pathname;

describe('the service process', () => {
  it('migrates, seeds, serves, and exits 0 on SIGTERM after finishing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'main-test-'));
    const port = 18000 + Math.floor(Math.random() * 900);
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        SQLITE_PATH: join(dir, 'db.sqlite'),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.on('data', (d) => {
        out += String(d);
      });
      for (let i = 0; i < 150 && !out.includes('is running on'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain(`http://localhost:${port}/login?corpId=demo`);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
      const park = z
        .object({ code: z.literal(0), data: z.array(z.object({ actId: z.string() })) })
        .parse(await (await fetch(`http://127.0.0.1:${port}/bmcs/api/activity/park?corpId=demo`)).json());
      expect(park.data.map((a) => a.actId)).toContain('wheel-spring');
      const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
