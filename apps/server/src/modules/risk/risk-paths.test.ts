import type { DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';
import { enforceRules } from '../../testing/risk';

const kinds = await dialects();

/** A new-customer offer with invites, in a group with rocc on. */
const OFFER = `
groups:
  - { id: inv-grp, corp: demo, showActIds: [inv-offer], rocc: 1 }
activities:
  - id: inv-offer
    corp: demo
    type: newCustomer
    title: 新客礼
    group: inv-grp
    startsAt: now-1h
    endsAt: now+10d
    chances: { perActivity: 1 }
    eligibility: { newCustomersSince: now-1h }
    rules: <p>规则</p>
    prizes:
      - { id: gift, name: 20元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: 2000 }
invites:
  - { corp: demo, actId: inv-offer, perDay: 50, perSeason: 50, linkTtlHours: 2 }
`;

/** A wheel whose only real prize always wins (weight 1), in a group with rocc on. */
const WHEEL = (id: string) => `
groups:
  - { id: ${id}-grp, corp: demo, showActIds: [${id}], rocc: 1 }
${activityYaml(id, {
  chances: '{ perDay: 100 }',
  more: `    group: ${id}-grp`,
  prizes: [
    '      - { id: cpn, name: 五十元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 5000 }',
    '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
  ].join('\n'),
})}`;

describe.each(kinds)('degrade and step-up on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(WHEEL('deg-wheel'));
    await enforceRules(
      t.database,
      'demo',
      [
        { id: 'second', name: '第二次参与', expr: 'customer.draws_1d >= 2', action: 'degrade' },
        { id: 'old_session', name: '会话较旧', expr: 'customer.draws_1d >= 4', action: 'step_up' },
      ],
      t.clock.now,
    );
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  it('a degraded draw gets the published consolation prize, keeps the roll, takes no stock, and verifies', async () => {
    const cookie = await login('13700009001');
    const first = body<DrawResult>(await draw(cookie, 'deg-wheel')).data;
    expect(first.prize.id).toBe('cpn');
    const second = body<DrawResult>(await draw(cookie, 'deg-wheel')).data;
    expect(second.prize.id).toBe('thanks');
    const row = await t.database.db
      .selectFrom('draw')
      .select(['picked_prize_id', 'fallback_reason'])
      .where('id', '=', second.drawId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ picked_prize_id: 'cpn', fallback_reason: 'risk-degrade' });
    const left = await t.services.stock.stockLeft('demo', 'deg-wheel');
    expect(left.find((p) => p.prizeId === 'cpn')?.left).toBe(9);
    const proof = body<{ fallbackReason: string; risk: { action: string } }>(
      await t.app.inject(`/bmcs/api/fairness/draw?corpId=demo&drawId=${second.drawId}`),
    ).data;
    expect(proof).toMatchObject({ fallbackReason: 'risk-degrade', risk: { action: 'degrade' } });
    // After the end the whole campaign verifies, the degraded draw included.
    t.clock.advance(11 * 86_400_000);
    const verified = body<{ ok: boolean; mismatches: unknown[] }>(
      await t.app.inject('/bmcs/api/activity/verify?corpId=demo&actId=deg-wheel'),
    );
    expect(verified.data).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe.each(kinds)('step-up on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(WHEEL('step-wheel'));
    await enforceRules(
      t.database,
      'demo',
      [{ id: 'third', name: '第三次起需验证', expr: 'customer.draws_1d >= 3', action: 'step_up' }],
      t.clock.now,
    );
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  it('asks for a fresh SMS sign-in: a session older than 10 minutes is refused with 2020, a new one draws', async () => {
    const cookie = await login('13700009002');
    expect(body(await draw(cookie, 'step-wheel')).code).toBe(0);
    t.clock.advance(11 * 60_000);
    expect(body(await draw(cookie, 'step-wheel')).code).toBe(0);
    expect(body(await draw(cookie, 'step-wheel')).code).toBe(2020);
    const fresh = await login('13700009002');
    expect(body(await draw(fresh, 'step-wheel')).code).toBe(0);
  });
});

describe.each(kinds)('an invite chain judged by the risk engine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(OFFER);
    await enforceRules(
      t.database,
      'demo',
      [{ id: 'fast_chain', name: '邀请人短时间内邀请过多', expr: 'invite.parent_invitees_1h >= 3', action: 'block' }],
      t.clock.now,
    );
  });
  afterAll(async () => t?.close());
  const { publish, login } = campaignActions(() => t);
  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/bmcs/api${url}?corpId=demo`, headers: { ...H5, cookie }, payload });

  it('an inviter whose invitees pile up within the hour stops counting them; nothing is counted for the refused', async () => {
    const inviter = await login('13700008000');
    const link = body<{ token: string }>(
      await post(inviter, '/invite/qrcode', { actId: 'inv-offer', origin: 'http://localhost:80' }),
    ).data;
    const codes: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const invitee = await login(`1370000810${i}`);
      codes.push(body(await post(invitee, '/invite/accept', { token: link.token })).code);
    }
    expect(codes).toEqual([0, 0, 2007, 2007]);
    const counted = await t.database.db.selectFrom('invite').selectAll().where('act_id', '=', 'inv-offer').execute();
    expect(counted).toHaveLength(2);
    const decisions = await t.database.db
      .selectFrom('risk_decision')
      .select(['action', 'matched'])
      .where('act_id', '=', 'inv-offer')
      .execute();
    expect(decisions.filter((d) => d.action === 'block').map((d) => d.matched)).toEqual([
      '["fast_chain"]',
      '["fast_chain"]',
    ]);
  });
});
