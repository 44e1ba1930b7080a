import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('alert rules and a dead webhook on %s', (kind) => {
  let t: TestApp;
  let dead: Server;
  let hits = 0;
  const { publish, login, draw } = campaignActions(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    // A webhook that takes the connection and never answers.
    dead = createServer(() => {
      hits++;
    });
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    await publish(
      activityYaml('alert-wheel', {
        prizes: [
          '      - { id: last, name: 最后一台, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 1, valueCents: 9900 }',
          '      - { id: none, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
  });
  afterAll(async () => {
    dead?.closeAllConnections();
    dead?.close();
    await t?.close();
  });

  it('stock under 5% and a budget ahead of plan are raised once, and a hanging webhook slows no draw', async () => {
    const admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    const url = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/hook`;
    const set = body<{ updatedBy: unknown }>(
      await admin.post('/console/alerts/webhook', { url, secret: 'x'.repeat(16) }),
    );
    expect(set.code).toBe(0);
    // Who set it is shown by name, as every other change in the console is.
    expect(set.data.updatedBy).toEqual({ id: 'admin-zhou', name: '周管理员' });
    expect(body<{ webhook: unknown }>(await admin.get('/console/alerts')).data.webhook).toMatchObject({
      url,
      updatedBy: { id: 'admin-zhou', name: '周管理员' },
    });
    const cookie = await login();
    expect(body(await draw(cookie, 'alert-wheel')).code).toBe(0);

    const raised = await t.services.alerts.evaluate();
    expect(raised).toBe(2);
    // The delivery is under way to a receiver that never answers; a draw does not wait for it.
    const started = Date.now();
    expect(body(await draw(await login(), 'alert-wheel')).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_500);
    // Raised once per key: the next minute's evaluation finds them raised.
    expect(await t.services.alerts.evaluate()).toBe(0);
    const list = body<{ items: { kind: string; actId: string; delivery: string }[] }>(
      await admin.get('/console/alerts'),
    );
    const mine = list.data.items.filter((a) => a.actId === 'alert-wheel').map((a) => a.kind);
    expect(mine.sort()).toEqual(['budget_ahead', 'stock_low']);
    await expect.poll(() => hits, { timeout: 5_000 }).toBeGreaterThan(0);
  });

  it('an error rate and a 429 rate over their thresholds raise an alert each', async () => {
    for (let i = 0; i < 60; i++) t.services.alerts.observe('demo', i < 10 ? 503 : i < 20 ? 429 : 200);
    expect(await t.services.alerts.evaluate()).toBe(2);
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const kinds = body<{ items: { kind: string }[] }>(await op.get('/console/alerts')).data.items.map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(['error_rate', 'rate_limited']));
  });
});
