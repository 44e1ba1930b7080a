import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignActions } from '../../testing/campaign';
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

describe.each(kinds)('an invite chain judged by the risk engine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(OFFER);
    await enforceRules(t.database, [
      { id: 'fast_chain', name: '邀请人短时间内邀请过多', expr: 'invite.parent_invitees_1h >= 3', action: 'block' },
    ]);
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
