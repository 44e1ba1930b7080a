import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dashboard } from '@campaign/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createServices } from '../../services';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, countRows, dialects, H5, secondNode, startTestApp, type TestApp } from '../../testing/harness';
import { MAX_STREAMS_PER_VIEWER } from './live';

const kinds = await dialects();
const ACT = 'stats-wheel';
const HOUR = 3_600_000;

describe.each(kinds)('the campaign dashboard on %s', (kind) => {
  let t: TestApp;
  /** A second node on the same database: the stream there must see the first node's draws. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    other = await secondNode(t);
    await other.listen({ port: 0, host: '127.0.0.1' });
    await publish(
      activityYaml(ACT, {
        prizes: [
          '      - { id: gift, name: 保温杯, kind: physical, image: /prizes/cup.svg, weight: 1, stock: 5, valueCents: 1000 }',
          '      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  const { publish, login, draw } = campaignActions(() => t);
  const dashboardOf = async (actId = ACT) => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    return body<Dashboard>(await op.get(`/console/stats/dashboard?actId=${actId}`));
  };

  it('counts draws, participants, wins, stock and spend from the roll-ups, in the draw transaction', async () => {
    const [a, b] = [await login(), await login()];
    for (const c of [a, a, b]) expect(body(await draw(c, ACT)).code).toBe(0);
    // Each draw left exactly one delta row, written with the draw (nothing folded yet).
    const drawDeltas = await t.database.db
      .selectFrom('stats_delta')
      .select('metric')
      .where('metric', 'in', ['draw', 'draw1'])
      .execute();
    expect(drawDeltas.map((d) => d.metric).sort()).toEqual(['draw', 'draw1', 'draw1']);
    const d = (await dashboardOf()).data;
    expect(d.totals).toMatchObject({ draws: 3, participants: 2, wins: 3 });
    expect(d.prizes).toEqual([
      expect.objectContaining({ prizeId: 'gift', initialStock: 5, left: 2, wins: 3, lastHour: 3 }),
    ]);
    // 2 left at 3 an hour: 40 minutes from now.
    expect(d.prizes[0]?.runsOutAt).toBe(t.clock.now + Math.round((2 / 3) * HOUR));
    expect(d.budget).toMatchObject({ spentCents: 3000, capCents: 5000, lastHourCents: 3000 });
    expect(d.budget.forecastCents).toBeGreaterThan(3000);
    expect(d.channels.find((c) => c.channel === 'h5')).toMatchObject({ draws: 3, wins: 3 });
    expect(d.byHour.reduce((s, p) => s + p.draws, 0)).toBe(3);
    expect(d.byDay.reduce((s, p) => s + p.spentCents, 0)).toBe(3000);
    expect(await countRows(t.database, 'stats_delta')).toBe(0);
  });

  it('page views, unique and signed-in visitors, and the funnel', async () => {
    const c = await login();
    const visit = (cookie?: string, ip = '10.1.1.1') =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/webpage/visit?corpId=demo',
        headers: { ...H5, ...(cookie ? { cookie } : {}) },
        payload: { actId: ACT, visitType: 'PV' },
        remoteAddress: ip,
      });
    for (const r of [await visit(), await visit(), await visit(c), await visit(c)]) expect(body(r).code).toBe(0);
    const d = (await dashboardOf()).data;
    expect(d.totals).toMatchObject({ pageViews: 4, visitors: 2, logins: 1 });
    expect(d.funnel.map((f) => f.step)).toEqual(['pv', 'login', 'first', 'win', 'claim', 'done']);
    expect(d.funnel[0]?.n).toBe(4);
  });

  it('a prize the draw hands over itself (an issued coupon) counts as claimed; one waiting for an address not', async () => {
    const act = 'stats-coupons';
    await publish(
      activityYaml(act, {
        prizes: [
          '      - { id: cpn, name: 满减券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 500 }',
          '      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    const c = await login();
    for (let i = 0; i < 3; i++) expect(body(await draw(c, act)).code).toBe(0);
    const d = (await dashboardOf(act)).data;
    expect(d.totals).toMatchObject({ wins: 3, claimed: 3 });
    expect(d.funnel.find((f) => f.step === 'claim')?.n).toBe(3);
    // The physical prize of the first campaign waits for its address: won, not claimed by the draw.
    const cup = (await dashboardOf()).data;
    expect(cup.totals.wins).toBeGreaterThan(0);
    expect(cup.totals.claimed).toBe(0);
  });

  it('a late event is counted in the hour it happened', async () => {
    const before = (await dashboardOf()).data;
    const at = t.clock.now - 5 * HOUR;
    t.services.stats.sink.count({ corpId: 'demo', actId: ACT, at, metric: 'claim', prizeId: 'gift' });
    t.services.stats.sink.count({ corpId: 'demo', actId: ACT, at, metric: 'pv' });
    const d = (await dashboardOf()).data;
    expect(d.totals.claimed).toBe(before.totals.claimed + 1);
    expect(d.byHour.find((p) => p.at === at - (at % HOUR))).toMatchObject({ pageViews: 1 });
  });

  it('the rates: customer calls about the campaign and their refusals', async () => {
    const d = (await dashboardOf()).data;
    // The draws and visits above were calls about the campaign.
    expect(d.totals.requests).toBeGreaterThanOrEqual(7);
    expect(d.rates.errors).toBe(0);
  });

  it('refuses an unknown campaign, another role, and shows the corp its campaigns', async () => {
    expect((await dashboardOf('no-such')).code).not.toBe(0);
    const admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    expect((await admin.get(`/console/stats/dashboard?actId=${ACT}`)).statusCode).toBe(403);
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const corp = body<Dashboard>(await op.get('/console/stats/dashboard')).data;
    expect(corp.actId).toBeNull();
    expect(corp.campaigns.find((c) => c.actId === ACT)).toMatchObject({ draws: 3, wins: 3, spentCents: 3000 });
  });

  it('streams the dashboard on another node within 2 s of a draw', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const port = (other.server.address() as AddressInfo).port;
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/bmcs/api/console/stats/stream?actId=${ACT}&corpId=demo`, {
      headers: { cookie: op.cookie },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const events: Dashboard[] = [];
    let buf = '';
    const next = async (): Promise<Dashboard> => {
      for (;;) {
        const end = buf.indexOf('\n\n');
        if (end >= 0) {
          const chunk = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const data = chunk.split('\n').find((l) => l.startsWith('data: '));
          if (data) return JSON.parse(data.slice(6)) as Dashboard;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buf += new TextDecoder().decode(value);
      }
    };
    events.push(await next());
    const drawsBefore = events[0]?.totals.draws ?? 0;
    const started = Date.now();
    expect(body(await draw(await login(), ACT)).code).toBe(0);
    // A tick may read the stock the draw took before it folds the draw's count (the stock is read live):
    // that answer comes first, the draw's count with the next tick.
    let after = await next();
    while (after.totals.draws === drawsBefore) after = await next();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(after.totals.draws).toBe(drawsBefore + 1);
    expect(after.prizes[0]?.left).toBe(1);
    abort.abort();
  });

  /**
   * Opens the dashboard's stream on `app` as `cookie`, on a connection of its own (as each browser tab's
   * EventSource holds one); `close` hangs up.
   */
  const openStream = (app: FastifyInstance, cookie: string) =>
    new Promise<{ status: number; type: string; body: () => Promise<string>; close: () => void }>((resolve, reject) => {
      const port = (app.server.address() as AddressInfo).port;
      const req = get(
        {
          port,
          host: '127.0.0.1',
          agent: false,
          path: `/bmcs/api/console/stats/stream?actId=${ACT}&corpId=demo`,
          headers: { cookie },
        },
        (res) => {
          const chunks: Buffer[] = [];
          const ended = new Promise<string>((r) => res.on('end', () => r(Buffer.concat(chunks).toString())));
          res.on('data', (c: Buffer) => chunks.push(c));
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: () => ended,
            close: () => req.destroy(),
          });
        },
      );
      // Also after a hang-up: a settled promise ignores it.
      req.on('error', reject);
    });

  it('keeps at most six streams per console user on a node, and frees a seat when one closes', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_VIEWER; i++) {
      const s = await openStream(other, op.cookie);
      expect(s.type).toContain('text/event-stream');
      open.push(s);
    }
    const refused = await openStream(other, op.cookie);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body())).toEqual({ code: 429, data: '操作过于频繁，请稍后再试' });
    // Another console user is not held back by this one's tabs.
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const theirs = await openStream(other, auditor.cookie);
    expect(theirs.status).toBe(200);
    theirs.close();
    // One tab closed: a new stream is let in once the node has seen it go.
    open.pop()?.close();
    await expect
      .poll(async () => {
        const s = await openStream(other, op.cookie);
        if (s.status === 200) open.push(s);
        else s.close();
        return s.status;
      })
      .toBe(200);
    for (const s of open) s.close();
  });

  it('a stream holds no in-flight slot: open dashboards never refuse customers', async () => {
    const services = createServices({
      database: t.database,
      config: testConfig({ maxInFlight: 1 }),
      clock: () => t.clock.now,
    });
    const tight = await buildApp({ services });
    await tight.listen({ port: 0, host: '127.0.0.1' });
    try {
      const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
      const stream = await openStream(tight, op.cookie);
      expect(stream.status).toBe(200);
      expect((await tight.inject('/bmcs/api/system/time')).statusCode).toBe(200);
      stream.close();
    } finally {
      await tight.close();
    }
  });

  it('/metrics carries the business gauges', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toContain(`campaign_draws{corp="demo",campaign="${ACT}"`);
    expect(res.body).toMatch(new RegExp(`campaign_stock_left\\{corp="demo",campaign="${ACT}",prize="gift"[^}]*\\} 1`));
    expect(res.body).toMatch(new RegExp(`campaign_budget_spent_yuan\\{corp="demo",campaign="${ACT}"[^}]*\\} 40`));
    // The Grafana dashboard in the repo reads only gauges the server exposes.
    const grafana = readFileSync(new URL('../../../../../deploy/grafana/campaign-stats.json', import.meta.url), 'utf8');
    const read = new Set(grafana.match(/campaign_[a-z_]+(?=[{[)])/g));
    expect(read.size).toBeGreaterThanOrEqual(4);
    for (const name of read) expect(res.body).toContain(`# TYPE ${name} gauge`);
  });

  it('reads some days only (Beijing time), and refuses a range that ends before it starts', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const day = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
    const today = day(t.clock.now);
    const all = (await dashboardOf()).data;
    const inToday = body<Dashboard>(await op.get(`/console/stats/dashboard?actId=${ACT}&from=${today}&to=${today}`));
    expect(inToday.data.range).toEqual({ from: today, to: today });
    expect(inToday.data.totals.draws).toBe(all.totals.draws);
    expect(inToday.data.channels).toEqual([]);
    // The prize lines keep their wins since the start (stock is as it is now).
    expect(inToday.data.prizes[0]?.wins).toBe(all.prizes[0]?.wins);
    const before = day(t.clock.now - 3 * 24 * HOUR);
    const earlier = body<Dashboard>(await op.get(`/console/stats/dashboard?actId=${ACT}&from=${before}&to=${before}`));
    expect(earlier.data.totals).toMatchObject({ draws: 0, wins: 0, pageViews: 0 });
    expect(earlier.data.byDay).toEqual([]);
    const reversed = await op.get(`/console/stats/dashboard?actId=${ACT}&from=${today}&to=${before}`);
    expect(reversed.statusCode).toBe(400);
    expect(body<string>(reversed).data).toContain('结束日期不能早于开始日期');
    const malformed = await op.get(`/console/stats/dashboard?actId=${ACT}&from=12/01/2026`);
    expect(malformed.statusCode).toBe(400);
    expect(body<string>(malformed).data).toContain('日期格式应为 YYYY-MM-DD');
  });
});
