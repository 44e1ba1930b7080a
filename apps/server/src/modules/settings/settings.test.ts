import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HALT_STALENESS_MS } from '../../platform/tenancy';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, H5, secondNode, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('corp settings and the kill switch on %s', (kind) => {
  let t: TestApp;
  /** A second node on the same database: its own caches, as another process would have. */
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    other = await secondNode(t);
    await publish(
      activityYaml('halt-wheel', {
        prizes:
          '      - { id: p1, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
      }),
    );
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  const { publish, login, draw } = campaignActions(() => t);

  it('everyone in the console reads the settings; only an admin changes them', async () => {
    const op = await consoleSignIn(t, DEMO_CONSOLE.operator);
    expect(body(await op.get('/console/settings')).data).toMatchObject({
      corpId: 'demo',
      approvalPolicy: { required: 1, above: null },
      approvers: 2,
      killSwitch: { halted: false, reason: null },
      sso: null,
    });
    const res = await op.post('/console/settings/approval-policy', { required: 1, above: null });
    expect(res.statusCode).toBe(403);
  });

  it('N of M: never more approvals than active approvers, and the tier above a budget asks for more', async () => {
    const a = await consoleSignIn(t, DEMO_CONSOLE.admin);
    const tooMany = await a.post('/console/settings/approval-policy', { required: 3, above: null });
    expect(body(tooMany)).toMatchObject({ code: 6201, data: expect.stringContaining('只有 2 名在岗审批人') });
    const flat = await a.post('/console/settings/approval-policy', {
      required: 2,
      above: { budgetCents: 100, required: 2 },
    });
    expect(body(flat)).toMatchObject({ code: 6201 });
    const ok = await a.post('/console/settings/approval-policy', {
      required: 1,
      above: { budgetCents: 5_000_000, required: 2 },
    });
    expect(body(ok)).toMatchObject({
      code: 0,
      data: {
        approvalPolicy: { required: 1, above: { budgetCents: 5_000_000, required: 2 } },
        updatedBy: { id: 'admin-zhou', name: '周管理员' },
      },
    });
    expect(await t.services.settings.requiredApprovals('demo', 5_000_000)).toBe(1);
    expect(await t.services.settings.requiredApprovals('demo', 5_000_001)).toBe(2);
  });

  it('the kill switch needs a reason and the corp id typed again', async () => {
    const a = await consoleSignIn(t, DEMO_CONSOLE.admin);
    expect(
      body(await a.post('/console/settings/kill-switch', { halted: true, reason: '紧急', confirmCorpId: 'demo-gray' })),
    ).toMatchObject({ code: 6202 });
    expect(body(await a.post('/console/settings/kill-switch', { halted: true, confirmCorpId: 'demo' }))).toMatchObject({
      code: 6202,
    });
  });

  it('on: every node refuses the corp’s draws as paused within a second and shows its activities paused; other corps go on; off: draws again', async () => {
    const customer = await login();
    const drawOn = async (app: FastifyInstance) =>
      body(
        await app.inject({
          method: 'POST',
          url: '/bmcs/api/v2/lottery?corpId=demo',
          headers: { ...H5, cookie: customer, 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` },
          payload: { actId: 'halt-wheel' },
        }),
      );
    expect(await drawOn(other)).toMatchObject({ code: 0 });
    expect((await draw(customer, 'halt-wheel')).json()).toMatchObject({ code: 0 });

    const parkOf = async (corp: string) =>
      body<{ actId: string; status: string }[]>(
        await t.app.inject({ method: 'GET', url: `/bmcs/api/activity/park?corpId=${corp}`, headers: H5 }),
      ).data;
    const branchBefore = await parkOf('demo-branch');
    expect((await parkOf('demo')).some((p) => p.status === 'live')).toBe(true);
    const a = await consoleSignIn(t, DEMO_CONSOLE.admin);
    const on = await a.post('/console/settings/kill-switch', {
      halted: true,
      reason: '奖品供应商故障，暂停全部活动',
      confirmCorpId: 'demo',
    });
    expect(body(on)).toMatchObject({
      code: 0,
      data: { killSwitch: { halted: true, reason: '奖品供应商故障，暂停全部活动', by: { id: 'admin-zhou' } } },
    });
    // This node at once; the other node within its staleness bound (it read the switch a moment ago).
    expect((await draw(customer, 'halt-wheel')).json()).toMatchObject({ code: 2004 });
    t.clock.advance(HALT_STALENESS_MS);
    expect(await drawOn(other)).toMatchObject({ code: 2004 });
    const detail = await other.inject({
      method: 'GET',
      url: '/bmcs/api/v2/activity/detail?corpId=demo&actId=halt-wheel',
      headers: H5,
    });
    expect(body(detail).data).toMatchObject({ returnCode: 0, data: { status: 'paused' } });
    expect((await parkOf('demo')).filter((p) => p.status === 'live')).toEqual([]);
    expect(await parkOf('demo-branch')).toEqual(branchBefore);
    const [e] = body<{ items: { before: unknown; after: unknown }[] }>(
      await a.get('/console/audit?action=settings.kill-switch'),
    ).data.items;
    expect(e).toMatchObject({
      before: { halted: false },
      after: { halted: true, reason: '奖品供应商故障，暂停全部活动' },
    });

    expect(body(await a.post('/console/settings/kill-switch', { halted: false, confirmCorpId: 'demo' }))).toMatchObject(
      { code: 0, data: { killSwitch: { halted: false } } },
    );
    t.clock.advance(HALT_STALENESS_MS);
    expect((await draw(customer, 'halt-wheel')).json()).toMatchObject({ code: 0 });
    expect(await drawOn(other)).toMatchObject({ code: 0 });
  });
});
