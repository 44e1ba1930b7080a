import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db';
import { body, cookieJar, H5 } from '../testing/harness';

const ROOT = new URL('../../../..', import.meta.url).pathname;
let dir: string;
let dbPath: string;

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_PATH: dbPath, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const cli = (...args: string[]) => run('apps/server/src/cli/main.ts', args);
// Real identity providers configured (nothing listens there: these tests log nobody in), so production starts
// get as far as the demo-secret check.
const PRODUCTION = {
  NODE_ENV: 'production',
  ENCRYPTION_KEY: 'b'.repeat(64),
  PORT: '0',
  SMS_ENDPOINT: 'http://127.0.0.1:9/sms',
  SMS_ACCESS_KEY: 'cli-test',
  SMS_SECRET: 'cli-test',
  SMS_TEMPLATE_ID: 'cli-test',
  OAUTH_BASE_URL: 'http://127.0.0.1:9/',
  OAUTH_APP_ID: 'cli-test',
  OAUTH_APP_SECRET: 'cli-test',
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cli-test-'));
  dbPath = join(dir, 'demo.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the operator CLI on the demo tenant', () => {
  it('seeds, customers draw, `end` reveals the seed, `verify` recomputes every draw; a changed record is caught', async () => {
    const seeded = cli('seed');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toContain('"riskRules":true');
    // Seeding again adds nothing: the default ruleset is there once, in shadow.
    expect(cli('seed').out).toContain('"riskRules":false');

    // Customers play the demo wheel through the real app on the same file.
    const database = openDatabase({ kind: 'sqlite', path: dbPath });
    const app = await buildApp({ database, config: testConfig() });
    let draws = 0;
    for (let u = 0; u < 3; u++) {
      const jar = cookieJar();
      const login = await app.inject({
        method: 'POST',
        url: '/bmcs/api/auth/otp/login?corpId=demo',
        headers: H5,
        payload: { mobile: `1350000000${u}`, code: '123456' },
      });
      jar.take(login);
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/bmcs/api/v2/lottery?corpId=demo',
          headers: { ...H5, cookie: jar.header(), 'idempotency-key': randomUUID() },
          payload: { actId: 'wheel-spring' },
        });
        expect(body(res).code).toBe(0);
        draws++;
      }
    }
    await app.close();
    await database.close();

    const early = cli('verify', 'wheel-spring');
    expect(early.code).toBe(1);
    expect(early.err).toContain('seed is revealed after the activity ends');

    const ended = cli('end', 'wheel-spring');
    expect(ended.code).toBe(0);
    const ok = cli('verify', 'wheel-spring');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain(`verify wheel-spring: OK, ${draws} draws recomputed`);

    // Someone changes what a draw awarded: verification names that draw and fails.
    const raw = new Database(dbPath);
    const victim = raw.prepare("select id, awarded_prize_id from draw where act_id = 'wheel-spring' limit 1").get() as {
      id: string;
      awarded_prize_id: string;
    };
    const other = victim.awarded_prize_id === 'phone' ? 'cup' : 'phone';
    raw.prepare('update draw set awarded_prize_id = ?, picked_prize_id = ? where id = ?').run(other, other, victim.id);
    raw.close();
    const caught = cli('verify', 'wheel-spring');
    expect(caught.code).toBe(1);
    const report = JSON.parse(caught.out.slice(0, caught.out.lastIndexOf('}') + 1)) as {
      ok: boolean;
      checked: number;
      mismatches: { drawId: string; reason: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.checked).toBe(draws);
    expect(report.mismatches.length).toBeGreaterThan(0);
    expect(new Set(report.mismatches.map((m) => m.drawId))).toEqual(new Set([victim.id]));
    expect(report.mismatches.map((m) => m.reason)).toContain('awarded-mismatch');
  }, 60_000);
});

describe('operators move orders with the CLI', () => {
  it('ship needs a confirmed order; close, ship and deliver follow the allowed moves', () => {
    expect(cli('seed').code).toBe(0);
    const raw = new Database(dbPath);
    const orderOf = (drawId: string) =>
      (
        raw
          .prepare('select o.id, o.status from physical_order o join award a on a.id = o.award_id where a.draw_id = ?')
          .get(drawId) as { id: string; status: string }
      ).id;
    const status = (id: string) =>
      raw.prepare('select status, tracking_no from physical_order where id = ?').get(id) as {
        status: string;
        tracking_no: string | null;
      };
    const gift = orderOf('demo-seed-gift');
    expect(status(gift).status).toBe('awaiting_address');
    const early = cli('order', 'ship', gift, 'demo');
    expect(early.code).toBe(1);
    // An operator confirms by hand what a customer would (the address step is the customer's).
    raw.prepare("update physical_order set status = 'confirmed' where id = ?").run(gift);
    expect(cli('order', 'ship', gift, 'demo', 'SF1234567890').code).toBe(0);
    expect(status(gift)).toEqual({ status: 'shipped', tracking_no: 'SF1234567890' });
    expect(cli('order', 'close', gift, 'demo').code).toBe(1);
    expect(cli('order', 'deliver', gift, 'demo').code).toBe(0);
    expect(status(gift).status).toBe('delivered');
    raw.close();
    // Each step spawns a CLI process: slow on a busy machine.
  }, 180_000);
});

describe('production refuses the published demo secrets', () => {
  it('`seed` and an import carrying a demo secret are refused; the server will not start while a corp has one', () => {
    const prodDb = join(dir, 'prod.db');
    const env = { ...PRODUCTION, SQLITE_PATH: prodDb };
    const seed = run('apps/server/src/cli/main.ts', ['seed'], env);
    expect(seed.code).toBe(1);
    expect(seed.err).toContain('seed refused');
    const demoFile = join(ROOT, 'apps/server/campaigns/demo.yaml');
    const imported = run('apps/server/src/cli/main.ts', ['import', demoFile], env);
    expect(imported.code).toBe(1);
    expect(imported.err).toContain('import refused: corp demo, demo-gray, demo-branch uses a published demo appSecret');

    // A database seeded outside production (as a demo once was) keeps the server from starting in production.
    expect(run('apps/server/src/cli/main.ts', ['seed'], { SQLITE_PATH: prodDb }).code).toBe(0);
    const started = run('apps/server/src/main.ts', [], env);
    expect(started.code).toBe(1);
    expect(started.err).toContain('corp demo, demo-branch, demo-gray uses a published demo appSecret');
  }, 90_000);
});
