import { randomUUID } from 'node:crypto';
import type { DrawResult, RiskReport, RiskRulesetDetail } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { type ConsoleClient, consoleSignIn, DEMO_CONSOLE, seedConsole } from '../../testing/console';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { staffLogin } from '../../testing/staff';

const kinds = await dialects();

/** A risk-checked wheel (its group has rocc on): a ¥50 coupon, plenty in stock, and the consolation prize. */
const RISKY = `
groups:
  - { id: risk-grp, corp: demo, showActIds: [risk-wheel], rocc: 1 }
${activityYaml('risk-wheel', {
  chances: '{ perDay: 100 }',
  more: '    group: risk-grp',
  prizes: [
    '      - { id: cpn, name: 五十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 500, valueCents: 5000 }',
    '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
  ].join('\n'),
})}`;

const RULES = [
  { id: 'repeat', name: '一天内第二次参与', expr: 'customer.draws_1d >= 2', action: 'hold' },
  { id: 'listed_phone', name: '名单手机号', expr: 'listed.phone', action: 'block' },
];

describe.each(kinds)('risk controls on %s', (kind) => {
  let t: TestApp;
  let operator: ConsoleClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await seedConsole(t);
    await publish(RISKY);
    operator = await consoleSignIn(t, DEMO_CONSOLE.operator);
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);
  const save = async (rules: unknown[], extra: object = {}) =>
    body<RiskRulesetDetail>(await operator.post('/console/risk/ruleset/save', { name: '防羊毛', rules, ...extra }));

  it('refuses a rule that does not compile, on its row, in Chinese; nothing is stored', async () => {
    const res = await operator.post('/console/risk/ruleset/save', {
      name: '坏规则',
      rules: [{ id: 'bad', name: '拼错特征', expr: 'device.acounts_1d > 1', action: 'block' }],
    });
    expect(res.json()).toMatchObject({ code: 6903, fields: { 'rules.0.expr': expect.stringContaining('未知的特征') } });
    expect((await t.database.db.selectFrom('risk_ruleset').selectAll().execute()).length).toBe(0);
  });

  it('shadow never acts; the report counts what it would have done; enforce needs a second person', async () => {
    const saved = await save(RULES);
    expect(saved).toMatchObject({ code: 0, data: { mode: 'draft', version: 1 } });
    const id = saved.data.id;
    // Acting modes are not reachable from the mode switch.
    expect((await operator.post('/console/risk/ruleset/mode', { id, mode: 'enforce' })).statusCode).toBe(400);
    expect(body(await operator.post('/console/risk/ruleset/mode', { id, mode: 'shadow' })).code).toBe(0);
    const cookie = await login('13800009001');
    for (let i = 0; i < 3; i++) {
      const r = body<DrawResult>(await draw(cookie, 'risk-wheel'));
      expect(r.code).toBe(0);
      expect(r.data.award?.status).toBe('issued');
    }
    const report = body<RiskReport>(await operator.get(`/console/risk/report?id=${id}`)).data;
    expect(report.decisions).toBe(3);
    expect(report.rules.find((r) => r.ruleId === 'repeat')).toMatchObject({
      hits: 2,
      customers: 1,
      withheldCents: 10000,
    });
    // A run version never changes: saving it again is refused.
    expect((await save(RULES, { id })).code).toBe(6902);
    // Twenty asks at once make one request.
    const asks = await Promise.all(
      Array.from({ length: 20 }, () =>
        operator.post('/console/risk/ruleset/request', { id, mode: 'enforce', note: '影子运行一天，命中准确' }),
      ),
    );
    expect(asks.filter((a) => body(a).code === 0)).toHaveLength(1);
    const asked = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'risk.ruleset.request')
      .execute();
    expect(asked).toHaveLength(1);
    const requests = await t.database.db
      .selectFrom('approval_request')
      .selectAll()
      .where('kind', '=', 'risk-ruleset')
      .execute();
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]?.context ?? '{}')).toMatchObject({
      规则差异: expect.stringContaining('+ 新增 repeat'),
    });
    const approver = await staffLogin(t, 'demo', 'approver-wang', ['approver']);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/approval/decide?corpId=demo',
      headers: { ...H5, cookie: approver },
      payload: { id: requests[0]?.id, decision: 'approve', comment: '同意生效' },
    });
    expect(body(decided).code).toBe(0);
    const row = await t.database.db
      .selectFrom('risk_ruleset')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.mode).toBe('enforce');
  });

  it('enforced: a repeat draw is held (stock reserved), a listed phone is refused and may appeal once', async () => {
    // Lists and versions reach every node within a second.
    t.clock.advance(2000);
    const cookie = await login('13800009002');
    expect(body<DrawResult>(await draw(cookie, 'risk-wheel')).data.award?.status).toBe('issued');
    const held = body<DrawResult>(await draw(cookie, 'risk-wheel'));
    expect(held.data.award?.status).toBe('pending_approval');
    const hold = await t.database.db
      .selectFrom('approval_request')
      .selectAll()
      .where('kind', '=', 'prize-award')
      .where('subject', '=', held.data.award?.awardId ?? '')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(hold.context)).toMatchObject({ 命中规则: '一天内第二次参与' });
    // The public proof names the decision and the ruleset's hash.
    const proof = body<{ risk: { decisionId: string; rulesetHash: string; action: string } }>(
      await t.app.inject(`/bmcs/api/fairness/draw?corpId=demo&drawId=${held.data.drawId}`),
    ).data;
    expect(proof.risk).toMatchObject({ action: 'hold', rulesetHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    expect(
      body(
        await operator.post('/console/risk/lists/add', {
          type: 'phone',
          value: '13800009003',
          reason: '接码平台号码',
          days: 30,
        }),
      ).code,
    ).toBe(0);
    const listed = await t.database.db.selectFrom('risk_list').selectAll().executeTakeFirstOrThrow();
    expect(listed.value_key).not.toContain('13800009003');
    expect(listed.shown).toBe('138****9003');
    t.clock.advance(2000);
    const farmer = await login('13800009003');
    const refused = body(await draw(farmer, 'risk-wheel'));
    expect(refused.code).toBe(2007);
    const appeals = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/bmcs/api/risk/appeal?corpId=demo',
          headers: { ...H5, cookie: farmer },
          payload: { actId: 'risk-wheel', reason: '我是本人正常参与' },
        }),
      ),
    );
    expect(appeals.filter((a) => body(a).code === 0)).toHaveLength(1);
    expect(appeals.filter((a) => body(a).code === 2023)).toHaveLength(19);
    const filed = await t.database.db
      .selectFrom('approval_request')
      .select('context')
      .where('kind', '=', 'risk-appeal')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(filed.context)).toMatchObject({ 命中规则: '名单手机号' });
    // Nothing refused to appeal for a customer who was never refused.
    const honest = await login('13800009004');
    const none = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/risk/appeal?corpId=demo',
      headers: { ...H5, cookie: honest },
      payload: { actId: 'risk-wheel', reason: '测试' },
    });
    expect(body(none).code).toBe(2022);
  });

  it('the console review queue: held prizes and appeals, decided once under 20 clicks, appeals snooze the rule', async () => {
    const approver = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const queue = body<{
      items: { id: string; kind: string; context: { label: string; value: string }[]; canDecide: boolean }[];
    }>(await approver.get('/console/requests')).data.items;
    const held = queue.find((c) => c.kind === 'prize-award');
    const appeal = queue.find((c) => c.kind === 'risk-appeal');
    expect(held?.context.find((l) => l.label === 'IP')?.value).toBeTruthy();
    expect(appeal?.canDecide).toBe(true);
    // A reject needs a reason; nothing is decided without one.
    const noReason = await approver.post('/console/requests/decide', { ids: [held?.id], decision: 'reject' });
    expect(body(noReason).code).toBe(5103);
    const still = await t.database.db
      .selectFrom('approval_request')
      .select('status')
      .where('id', '=', held?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        approver.post('/console/requests/decide', { ids: [held?.id, appeal?.id], decision: 'approve' }),
      ),
    );
    const decided = clicks.flatMap((c) => body<{ decided: string[] }>(c).data.decided);
    expect(decided.sort()).toEqual([held?.id, appeal?.id].sort());
    const labels = await t.database.db
      .selectFrom('risk_decision')
      .select(['label'])
      .where('label', 'is not', null)
      .execute();
    expect(labels.map((l) => l.label).sort()).toEqual(['false_positive', 'false_positive']);
    // The upheld appeal snoozed the rule for that customer: their next draw goes through.
    t.clock.advance(2000);
    const farmer = await login('13800009003');
    expect(body(await draw(farmer, 'risk-wheel')).code).toBe(0);
  });

  it('a returned hold gives its unit back once; after releases and returns the books reconcile', async () => {
    const left = async () =>
      (await t.services.stock.stockLeft('demo', 'risk-wheel')).find((p) => p.prizeId === 'cpn')?.left;
    const cookie = await login('13800009002');
    const before = await left();
    const held = body<DrawResult>(await draw(cookie, 'risk-wheel')).data;
    expect(held.award?.status).toBe('pending_approval');
    expect(await left()).toBe((before ?? 0) - 1);
    const request = await t.database.db
      .selectFrom('approval_request')
      .select('id')
      .where('subject', '=', held.award?.awardId ?? '')
      .executeTakeFirstOrThrow();
    const approver = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const clicks = await Promise.all(
      Array.from({ length: 20 }, () =>
        approver.post('/console/requests/decide', { ids: [request.id], decision: 'reject', comment: '确认为刷奖' }),
      ),
    );
    expect(clicks.flatMap((c) => body<{ decided: string[] }>(c).data.decided)).toEqual([request.id]);
    expect(await left()).toBe(before);
    const report = body<{ checks: { name: string; ok: boolean }[] }>(
      await operator.post('/console/reconcile/run', { actId: 'risk-wheel' }),
    ).data;
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    const label = await t.database.db
      .selectFrom('risk_decision')
      .select('label')
      .where('draw_id', '=', held.drawId)
      .executeTakeFirstOrThrow();
    expect(label.label).toBe('confirmed');
  });

  it('an offer in a risk-checked group is judged too: a listed phone cannot claim, nothing is taken', async () => {
    await publish(`
groups:
  - { id: risk-offers, corp: demo, showActIds: [risk-offer], rocc: 1 }
activities:
  - id: risk-offer
    corp: demo
    type: newCustomer
    title: 新客礼
    group: risk-offers
    startsAt: now-1h
    endsAt: now+10d
    chances: { perActivity: 1 }
    eligibility: { newCustomersSince: now-1h }
    rules: <p>规则</p>
    prizes:
      - { id: gift, name: 20元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: 2000 }
`);
    await operator.post('/console/risk/lists/add', {
      type: 'phone',
      value: '13800009010',
      reason: '接码号码',
      days: 7,
    });
    t.clock.advance(2000);
    const claim = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/offer/claim?corpId=demo',
        headers: { ...H5, cookie },
        payload: { actId: 'risk-offer' },
      });
    const farmer = await login('13800009010');
    expect(body(await claim(farmer)).code).toBe(2007);
    const claims = await t.database.db
      .selectFrom('offer_claim')
      .selectAll()
      .where('act_id', '=', 'risk-offer')
      .execute();
    expect(claims).toHaveLength(0);
    const honest = await login('13800009011');
    expect(body(await claim(honest)).code).toBe(0);
  });

  it('many accounts on one device raise a risk signal for the operators at once', async () => {
    for (let i = 0; i < 5; i++) {
      const cookie = await login(`1380000902${i}`);
      const r = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/lottery?corpId=demo',
        headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
        payload: { actId: 'risk-wheel', deviceId: 'farm-device-01' },
      });
      expect(body(r).code).toBe(0);
    }
    let alerts: { kind: string; message: string }[] = [];
    for (let i = 0; i < 50 && alerts.length === 0; i++) {
      alerts = await t.database.db
        .selectFrom('alert')
        .select(['kind', 'message'])
        .where('kind', '=', 'risk_signal')
        .execute();
      if (alerts.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.message).toContain('同一设备一天内已有 5 个账户');
  });

  it('an approver snoozes a rule for one judged customer, audited; an unknown customer is refused', async () => {
    const approver = await consoleSignIn(t, DEMO_CONSOLE.approver);
    const unknown = await approver.post('/console/risk/snooze', {
      userId: 'nobody',
      ruleId: 'repeat',
      reason: '误判',
      days: 7,
    });
    expect(body(unknown).code).toBe(6907);
    const judged = await t.database.db.selectFrom('risk_decision').select('user_id').limit(1).executeTakeFirstOrThrow();
    const ok = await approver.post('/console/risk/snooze', {
      userId: judged.user_id,
      ruleId: 'repeat',
      reason: '误判',
      days: 7,
    });
    expect(body(ok).code).toBe(0);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'risk.snooze')
      .execute();
    expect(audited).toHaveLength(1);
    // An operator is not the one who grants exceptions.
    expect(
      (
        await operator.post('/console/risk/snooze', {
          userId: judged.user_id,
          ruleId: 'repeat',
          reason: '误判',
          days: 7,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the consent decision is kept with its purpose; another customer cannot read it', async () => {
    const a = await login('13800009005');
    const set = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/risk/consent?corpId=demo',
      headers: { ...H5, cookie: a },
      payload: { granted: true },
    });
    expect(body(set).data).toMatchObject({ granted: true });
    const b = await login('13800009006');
    const other = await t.app.inject({ url: '/bmcs/api/risk/consent?corpId=demo', headers: { ...H5, cookie: b } });
    expect(body(other).data).toEqual({ granted: null, decidedAt: null });
    const row = await t.database.db.selectFrom('risk_consent').selectAll().executeTakeFirstOrThrow();
    expect(row.purpose).toBe('marketing-risk');
  });

  it('refuses a bad list value with a clear message and keeps what was listed', async () => {
    const before = await t.database.db.selectFrom('risk_list').selectAll().execute();
    const res = body(
      await operator.post('/console/risk/lists/add', { type: 'ip', value: '999.1.1.1', reason: '代理', days: null }),
    );
    expect(res).toMatchObject({ code: 6906 });
    expect(await t.database.db.selectFrom('risk_list').selectAll().execute()).toEqual(before);
  });
});
