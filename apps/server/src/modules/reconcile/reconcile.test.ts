import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReconcileReport } from '@campaign/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCustomer } from '../../cli/demo-customer';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();
const SECRET = 'webhook-secret-for-the-test-0001';

/** A real HTTP receiver on a loopback port: what a corp's webhook is. */
async function receiver(answer: () => number) {
  const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body: text });
      res.writeHead(answer()).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, server };
}

async function until<T>(what: () => T | undefined | Promise<T | undefined>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(kinds)('the reconciliation and its alert on %s', (kind) => {
  let t: TestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let status = 500;
  const { publish, login, draw } = campaignActions(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    hook = await receiver(() => status);
    await publish(
      activityYaml('rec-wheel', {
        prizes: [
          '      - { id: gift, name: 礼盒, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 50, valueCents: 9900 }',
          '      - { id: cpn, name: 十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 50, valueCents: 1000 }',
          '      - { id: pts, name: 积分, kind: points, points: 10, image: /prizes/points.svg, weight: 1, stock: 50 }',
          '      - { id: none, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
        ].join('\n'),
      }),
    );
    for (let u = 0; u < 4; u++) {
      const cookie = await login();
      for (let i = 0; i < 5; i++) expect(body(await draw(cookie, 'rec-wheel')).code).toBe(0);
    }
  });
  afterAll(async () => {
    hook?.server.close();
    await t?.close();
  });

  it('is green on untouched books, kept, and audited', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const res = body<ReconcileReport>(await op.post('/console/reconcile/run', { actId: 'rec-wheel' }));
    expect(res.code).toBe(0);
    expect(res.data.checks.map((c) => [c.name, c.ok])).toEqual([
      ['draws', true],
      ['awards_stock', true],
      ['stock_balance', true],
      ['coupons', true],
      ['store_redemptions', true],
      ['orders', true],
      ['points', true],
    ]);
    expect(res.data.checks[0]).toMatchObject({ left: 20, right: 20 });
    const list = body<{ items: ReconcileReport[] }>(await op.get('/console/reconcile/reports?actId=rec-wheel'));
    expect(list.data.items[0]).toMatchObject({ id: res.data.id, ok: true, trigger: 'manual' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('action', '=', 'reconcile.run')
      .execute();
    expect(audit).toEqual([{ action: 'reconcile.run', subject: 'rec-wheel' }]);
  });

  it('an unknown campaign is refused; only an admin sets the webhook, and only an https one', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    expect(body(await op.post('/console/reconcile/run', { actId: 'nope' })).code).toBe(6605);
    expect((await op.post('/console/alerts/webhook', { url: hook.url, secret: SECRET })).statusCode).toBe(403);
    const admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    const bad = await admin.post('/console/alerts/webhook', { url: 'ftp://example.com/x', secret: SECRET });
    expect(body(bad).code).toBe(6606);
  });

  it('one award row broken in the database: red with that row, an alert, delivered signed and retried', async () => {
    const admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    expect(body(await admin.post('/console/alerts/webhook', { url: hook.url, secret: SECRET })).code).toBe(0);
    const victim = await t.database.db
      .selectFrom('award')
      .select(['id', 'prize_id'])
      .where('act_id', '=', 'rec-wheel')
      .where('kind', '=', 'coupon')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update award set prize_id = 'gift' where id = ${victim.id}`.execute(t.database.db);

    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const started = Date.now();
    const res = body<ReconcileReport>(await op.post('/console/reconcile/run', { actId: 'rec-wheel' }));
    // The run answers without waiting for the webhook (which answers 500 at first).
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.data.ok).toBe(false);
    const drawsCheck = res.data.checks.find((c) => c.name === 'draws');
    expect(drawsCheck?.ok).toBe(false);
    expect(drawsCheck?.rows).toEqual([expect.objectContaining({ table: 'award', id: victim.id })]);
    const stock = res.data.checks.find((c) => c.name === 'awards_stock');
    expect(stock?.rows.map((r) => r.id).sort()).toEqual(['cpn', 'gift']);

    // The first attempt is refused (500); the alert waits for its next attempt, then arrives.
    // The hook has the request before the service has its answer and counts the attempt: wait for the count.
    type Alerts = { items: { kind: string; delivery: string; attempts: number; message: string }[] };
    let alerts = await until(async () => {
      const now = body<Alerts>(await op.get('/console/alerts'));
      return hook.got.length >= 1 && (now.data.items[0]?.attempts ?? 0) >= 1 ? now : undefined;
    }, 10_000);
    expect(alerts.data.items[0]).toMatchObject({ kind: 'reconcile_diff', delivery: 'pending', attempts: 1 });
    // Named as the other alerts name a campaign: by its title (and id), then the checks that differ.
    expect(alerts.data.items[0]?.message).toMatch(/^「测试转盘」（rec-wheel）对账不平：抽奖次数/);
    status = 204;
    t.clock.advance(60_000);
    expect(await t.services.alerts.deliverDue()).toBe(1);
    alerts = body(await op.get('/console/alerts'));
    expect(alerts.data.items[0]).toMatchObject({ kind: 'reconcile_diff', delivery: 'delivered', attempts: 2 });

    const last = hook.got[hook.got.length - 1];
    const ts = String(last?.headers['x-campaign-timestamp']);
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${last?.body}`).digest('hex')}`;
    expect(last?.headers['x-campaign-signature']).toBe(expected);
    const sent = JSON.parse(String(last?.body));
    expect(sent).toMatchObject({ kind: 'reconcile_diff', actId: 'rec-wheel', corpId: 'demo' });
    expect(JSON.stringify(sent.detail)).toContain(victim.id);
  });

  it('stock that leaves without a draw (the seeded prizes of the demo customer) still balances', async () => {
    // The demo customer's prizes on grid-lucky are awarded by the prizes service with no draw behind them.
    expect(await seedDemoCustomer(t.services, t.clock.now)).toBe(true);
    const draws = await t.database.db.selectFrom('draw').select('id').where('act_id', '=', 'grid-lucky').execute();
    const awards = await t.database.db.selectFrom('award').select('id').where('act_id', '=', 'grid-lucky').execute();
    expect(draws).toHaveLength(0);
    expect(awards.length).toBeGreaterThan(0);
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const res = body<ReconcileReport>(await op.post('/console/reconcile/run', { actId: 'grid-lucky' }));
    expect(res.data.checks.filter((c) => !c.ok)).toEqual([]);
    expect(res.data.checks.find((c) => c.name === 'stock_balance')?.left).toBeGreaterThan(0);
  });

  it('the daily run makes one report per campaign and day, however often it runs', async () => {
    const first = await t.services.reconcile.runDaily();
    expect(first).toBeGreaterThan(0);
    expect(await t.services.reconcile.runDaily()).toBe(0);
    const daily = await t.database.db
      .selectFrom('reconcile_report')
      .select('id')
      .where('trigger', '=', 'daily')
      .where('act_id', '=', 'rec-wheel')
      .execute();
    expect(daily).toHaveLength(1);
  });
});
