import type { DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('prizes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t?.close());

  const { publish, login, draw } = campaignActions(() => t);

  it('winners are masked; my prizes list and exchange work and stay private', async () => {
    await publish(
      activityYaml('winners', {
        prizes: [
          '      - { id: c, name: 券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    const me = await login('13912345678');
    const won = body<DrawResult>(await draw(me, 'winners')).data;
    const recent = body<{ winnerList: { who: string }[] }>(
      await t.app.inject('/bmcs/api/v2/winners/recent?corpId=demo&actId=winners'),
    ).data;
    expect(recent.winnerList[0]?.who).toBe('139****5678');
    const mine = body<{ awardId: string; status: string }[]>(
      await t.app.inject({ url: '/bmcs/api/prizes/mine?corpId=demo', headers: { cookie: me } }),
    ).data;
    expect(mine.map((m) => m.awardId)).toContain(won.award?.awardId);
    const other = await login();
    const steal = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      headers: { ...H5, cookie: other, 'idempotency-key': 'steal-0001' },
      payload: { awardId: won.award?.awardId },
    });
    expect(body(steal).code).toBe(2010);
    const used = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      headers: { ...H5, cookie: me, 'idempotency-key': 'use-0001' },
      payload: { awardId: won.award?.awardId },
    });
    expect(body<{ status: string }>(used).data.status).toBe('exchanged');
    // The coupon was used through the app channel, once: a retry with the same key gets the same answer.
    const again = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      headers: { ...H5, cookie: me, 'idempotency-key': 'use-0001' },
      payload: { awardId: won.award?.awardId },
    });
    expect(body<{ status: string }>(again).data.status).toBe('exchanged');
    const info = body<{ list: { couponId: string; state: string; usedChannel: string }[] }>(
      await t.app.inject({ url: '/bmcs/api/coupon/info?corpId=demo', headers: { cookie: me } }),
    ).data;
    expect(info.list.find((c) => c.couponId === won.award?.awardId)).toMatchObject({
      state: 'used',
      usedChannel: 'app',
    });
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      headers: { ...H5, cookie: me },
      payload: { awardId: won.award?.awardId },
    });
    expect(body(noKey).code).toBe(2008);
  });

  it('my prizes carry the draw id of each prize won in a draw, to the customer who drew it only', async () => {
    await publish(
      activityYaml('draw-ids', {
        prizes: [
          '      - { id: c, name: 券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 10, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }),
    );
    type Mine = { awardId: string; drawId: string | null }[];
    const get = async <T>(cookie: string, path: string) =>
      body<T>(await t.app.inject({ url: `/bmcs/api${path}corpId=demo`, headers: { ...H5, cookie } })).data;
    const me = await login('13912340034');
    const won = body<DrawResult>(await draw(me, 'draw-ids')).data;
    const mine = await get<Mine>(me, '/prizes/mine?');
    expect(mine.find((p) => p.awardId === won.award?.awardId)?.drawId).toBe(won.drawId);
    const inActivity = await get<{ winnerList: Mine }>(me, '/winning/list?actId=draw-ids&');
    expect(inActivity.winnerList.map((p) => p.drawId)).toEqual([won.drawId]);

    // Another customer, who also won there, sees their own draw id and never the first one's.
    const other = await login('13912340035');
    const theirs = body<DrawResult>(await draw(other, 'draw-ids')).data;
    const seen = JSON.stringify([
      await get<Mine>(other, '/prizes/mine?'),
      await get<unknown>(other, '/winning/list?actId=draw-ids&'),
      await get<unknown>(other, '/v2/winners/recent?actId=draw-ids&'),
    ]);
    expect(seen).toContain(theirs.drawId);
    expect(seen).not.toContain(won.drawId);
    expect(seen).not.toContain(won.award?.awardId);
  });
});
