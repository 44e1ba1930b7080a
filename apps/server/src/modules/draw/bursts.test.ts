import { randomUUID } from 'node:crypto';
import type { DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

/** One customer firing many draws at once (the outside probe's burst): every answer a designed one. */
describe.each(kinds)('draw bursts of one customer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      config: testConfig({ rateLimits: { loginPerMinute: 1000, drawPerSecond: 20, trackingPerMinute: 100 } }),
    });
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  async function drawsOf(cookie: string, actId: string) {
    const session = body<{ nuid: string }>(
      await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { cookie } }),
    ).data;
    const r = await t.database.db
      .selectFrom('draw')
      .innerJoin('app_user', 'app_user.id', 'draw.user_id')
      .select(['draw.id', 'draw.draw_index'])
      .where('app_user.nuid', '=', session.nuid)
      .where('draw.act_id', '=', actId)
      .execute();
    return r;
  }

  it('12 draws at once with 12 keys: 12 answered, each draw counted once, never a 500', async () => {
    await publish(
      activityYaml('burst-12', {
        chances: '{ perDay: 100 }',
        prizes: [
          '      - { id: hot, name: 爆款, kind: coupon, image: /prizes/coupon.svg, weight: 50, stock: 1000, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 50, consolation: true }',
        ].join('\n'),
      }),
    );
    const cookie = await login();
    const answers = await Promise.all(Array.from({ length: 12 }, () => draw(cookie, 'burst-12')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // The designed answers: a draw, or "your previous draw is still being processed" / too many.
    expect(statuses.filter((s) => ![200, 409, 429].includes(s))).toEqual([]);
    const ok = answers.filter((a) => a.statusCode === 200 && body(a).code === 0);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(typeof body(a).data).toBe('string');
    const stored = await drawsOf(cookie, 'burst-12');
    expect(stored).toHaveLength(ok.length);
    expect(new Set(stored.map((d) => d.draw_index)).size).toBe(stored.length);
    // The customer's draws take turns, so all twelve go through.
    expect(ok).toHaveLength(12);
  });

  it('3 chances and 12 draws at once: 3 draws, the rest "no chances", nothing else', async () => {
    await publish(
      activityYaml('burst-3', {
        chances: '{ perActivity: 3 }',
        prizes:
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
      }),
    );
    const cookie = await login();
    const answers = await Promise.all(Array.from({ length: 12 }, () => draw(cookie, 'burst-3')));
    const codes = answers.map((a) => body(a).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 2006)).toHaveLength(9);
    expect(await drawsOf(cookie, 'burst-3')).toHaveLength(3);
  });

  it('12 at once under one key: one draw stored; each answer is that draw or 409 in flight', async () => {
    const cookie = await login();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => draw(cookie, 'grid-lucky', key)));
    const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => body<DrawResult>(a).data.drawId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => ![200, 409].includes(a.statusCode))).toEqual([]);
    expect(await drawsOf(cookie, 'grid-lucky')).toHaveLength(1);
  });

  it('the same key from another device is 422 IDEMPOTENCY_MISMATCH, nothing stored', async () => {
    const cookie = await login();
    const key = randomUUID();
    const fromDevice = (deviceId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/lottery?corpId=demo',
        headers: { ...H5, cookie, 'idempotency-key': key },
        payload: { actId: 'wheel-spring', deviceId },
      });
    const first = await fromDevice('device-a');
    expect(body(first).code).toBe(0);
    const again = await fromDevice('device-a');
    expect(body<DrawResult>(again).data.drawId).toBe(body<DrawResult>(first).data.drawId);
    const other = await fromDevice('device-b');
    expect(other.statusCode).toBe(422);
    expect(body(other)).toEqual({ code: 422, data: '重复请求的参数与首次不一致' });
    expect(await drawsOf(cookie, 'wheel-spring')).toHaveLength(1);
  });
});
