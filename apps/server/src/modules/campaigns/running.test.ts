import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createServices } from '../../services';
import { campaignActions } from '../../testing/campaign';
import { DAY, detailOf, HOUR, readyWheel } from '../../testing/campaigns';
import { consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('console campaigns: running on %s', (kind) => {
  let t: TestApp;
  /** A second node on the same database with production-like caches (activities cached for a second). */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    const services = createServices({
      database: t.database,
      config: testConfig({ env: 'development' }),
      clock: () => t.clock.now,
    });
    other = await buildApp({ services, campaignClock: false });
    await other.ready();
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const ap = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const { rev } = await readyWheel(op, 'run-wheel', t.clock.now, 0);
    expect(body(await op.post('/console/campaigns/submit', { id: 'run-wheel', rev })).code).toBe(0);
    expect(
      body(await ap.post('/console/campaigns/review', { id: 'run-wheel', rev, decision: 'approve' })).data,
    ).toMatchObject({
      state: 'live',
    });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  const { login } = campaignActions(() => t);
  const drawOn = (app: FastifyInstance, cookie: string) =>
    app
      .inject({
        method: 'POST',
        url: '/bmcs/api/v2/lottery?corpId=demo',
        headers: { ...H5, cookie, 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` },
        payload: { actId: 'run-wheel' },
      })
      .then((r) => body(r).code);

  it('pause: this node at once, every other node within 2 s; resume the same way', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const customer = await login();
    expect(await drawOn(other, customer)).toBe(0); // the other node now holds the activity in its cache
    expect(body(await op.post('/console/campaigns/pause', { id: 'run-wheel' })).data).toEqual({ state: 'paused' });
    expect(await drawOn(t.app, customer)).toBe(2004);
    // The other node still has its copy from a moment ago: stale for at most its cache's second.
    expect(await drawOn(other, customer)).toBe(0);
    t.clock.advance(1_000);
    expect(await drawOn(other, customer)).toBe(2004);
    const detail = await other.inject({ url: '/bmcs/api/v2/activity/detail?corpId=demo&actId=run-wheel', headers: H5 });
    expect(body<{ data: { status: string } }>(detail).data.data.status).toBe('paused');
    expect(body(await op.post('/console/campaigns/pause', { id: 'run-wheel' })).code).toBe(6305);

    expect(body(await op.post('/console/campaigns/resume', { id: 'run-wheel' })).data).toEqual({ state: 'live' });
    expect(await drawOn(t.app, customer)).toBe(0);
    t.clock.advance(1_000);
    expect(await drawOn(other, customer)).toBe(0);
    const auditor = await consoleSignIn(t, DEMO_CONSOLE.auditor);
    const items = body<{ items: { action: string; before: unknown; after: unknown }[] }>(
      await auditor.get('/console/audit?subject=run-wheel'),
    ).data.items;
    expect(items.find((i) => i.action === 'campaign.pause')).toMatchObject({
      before: { state: 'live' },
      after: { state: 'paused' },
    });
    expect(items.find((i) => i.action === 'campaign.resume')).toMatchObject({
      before: { state: 'paused' },
      after: { state: 'live' },
    });
    // Auditors read everything and change nothing.
    expect((await auditor.post('/console/campaigns/pause', { id: 'run-wheel' })).statusCode).toBe(403);

    // The operator, who cannot read the audit log, sees the same on the campaign's page, oldest first, by name;
    // the saves and the review (listed with its comment) are left out.
    const { history, reviews } = await detailOf(op, 'run-wheel');
    const shown = history.map((e) => `${e.action} ${e.by?.name ?? '系统'}`);
    expect(shown).toEqual([
      'campaign.create 陈运营',
      'campaign.submit 陈运营',
      'campaign.publish 王审批',
      'campaign.pause 陈运营',
      'campaign.resume 陈运营',
    ]);
    expect(history.map((e) => e.at)).toEqual([...history.map((e) => e.at)].sort((a, b) => a - b));
    expect(reviews.map((r) => r.decision)).toEqual(['approve']);
  });

  it('the kill switch shows on every campaign of the corp', async () => {
    const admin = await consoleSignIn(t, DEMO_CONSOLE.admin);
    await admin.post('/console/settings/kill-switch', { halted: true, reason: '紧急停止', confirmCorpId: 'demo' });
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const rows = body<{ items: { id: string; halted: boolean }[] }>(await op.get('/console/campaigns')).data.items;
    expect(rows.find((r) => r.id === 'run-wheel')).toMatchObject({ halted: true });
    expect(await drawOn(t.app, await login())).toBe(2004);
    await admin.post('/console/settings/kill-switch', { halted: false, confirmCorpId: 'demo' });
  });

  it('the list is paged on the server and filtered by state, kind and text; other corps see none of it', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1);
      await op.post('/console/campaigns/create', {
        kind: i % 2 ? 'discount' : 'grid',
        title: `列表测试 ${i}`,
        id: `list-${i}`,
      });
    }
    const page = body<{ items: { id: string }[]; total: number; page: number; pageSize: number }>(
      await op.get('/console/campaigns?pageSize=2&page=2'),
    ).data;
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(page.items.map((r) => r.id)).toEqual(['list-2', 'list-1']);
    const discounts = body<{ total: number }>(await op.get('/console/campaigns?kind=discount')).data;
    expect(discounts.total).toBe(2);
    expect(
      body<{ items: { id: string }[] }>(await op.get('/console/campaigns?state=live')).data.items.map((r) => r.id),
    ).toEqual(['run-wheel']);
    expect(
      body<{ total: number }>(await op.get(`/console/campaigns?q=${encodeURIComponent('测试 3')}`)).data.total,
    ).toBe(1);
    expect(body(await op.get('/console/campaigns/detail?id=list-1'))).toMatchObject({
      code: 0,
      data: { draft: { kind: 'discount', discount: { title: '列表测试 1' } }, campaign: { state: 'draft' } },
    });
    const garbage = await op.post('/console/campaigns/save', {
      id: 'list-0',
      draft: { kind: 'grid', activity: { title: { x: 1 }, prizes: 'none' } },
      baseRev: 1,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: 6309, fields: { 'activity.title': expect.any(String) } });
    const elsewhere = await t.app.inject({
      url: '/bmcs/api/console/campaigns/detail?corpId=demo-branch&id=list-1',
      headers: { cookie: op.cookie },
    });
    expect(elsewhere.statusCode).not.toBe(200);
  });

  it('at endsAt the campaign ends and the seed is revealed; then it can be archived', async () => {
    const customer = await login();
    expect(await drawOn(t.app, customer)).toBe(0);
    t.clock.advance(11 * DAY);
    expect(await t.services.campaigns.running.tick()).toMatchObject({ ended: 1 });
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    const d = await detailOf(op, 'run-wheel');
    expect(d.campaign).toMatchObject({
      state: 'ended',
      seedRevealed: true,
      seed: expect.stringMatching(/^[0-9a-f]+$/),
    });
    const verify = await t.app.inject({ url: '/bmcs/api/activity/verify?corpId=demo&actId=run-wheel', headers: H5 });
    expect(body<{ ok?: boolean; checked?: number }>(verify)).toMatchObject({ code: 0 });
    expect(await t.services.campaigns.running.tick()).toEqual({ started: 0, ended: 0 });
    expect(body(await op.post('/console/campaigns/archive', { id: 'run-wheel' })).data).toEqual({ state: 'archived' });
    expect(body<{ total: number }>(await op.get('/console/campaigns?state=archived')).data.total).toBe(1);
    t.clock.advance(HOUR);
  });
});
