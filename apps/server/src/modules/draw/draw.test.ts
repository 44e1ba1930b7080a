import { randomUUID } from 'node:crypto';
import type { DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { Overloaded } from '../../db/pg-group-commit';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, cookieJar, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

describe.each(kinds)('draws on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // 1,000 draws at once below: above the default shedding cap on purpose (shedding is tested elsewhere).
    t = await startTestApp(kind, { config: testConfig({ maxDrawsInFlight: 5000 }) });
  });
  afterAll(async () => t?.close());

  const { publish, login, draw } = campaignActions(() => t);

  it('draws on the demo wheel: a prize of the table, an award, chances counted down', async () => {
    const cookie = await login();
    const detail = body<{ returnCode: number; data: { prizes: { id: string; probability: number }[] } }>(
      await t.app.inject(`/bmcs/api/v3/activity/detail?corpId=demo&actId=wheel-spring`),
    ).data;
    expect(detail.returnCode).toBe(0);
    const sum = detail.data.prizes.reduce((s, p) => s + p.probability, 0);
    expect(sum).toBeCloseTo(1, 10);
    const res = await draw(cookie, 'wheel-spring');
    const r = body<DrawResult>(res);
    expect(r.code).toBe(0);
    expect(detail.data.prizes[r.data.prizeIndex]?.id).toBe(r.data.prize.id);
    expect(r.data.chancesLeft).toBe(2);
    expect(r.data.drawIndex).toBe(0);
    if (r.data.prize.kind === 'coupon')
      expect(r.data.award?.couponCode).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
    if (r.data.prize.kind === 'physical') expect(r.data.award?.status).toBe('awaiting_address');
    if (r.data.prize.kind === 'thanks') expect(r.data.award).toBeNull();
    const surplus = body<{ surplusInfo: { chancesLeft: number; drawsMade: number } }>(
      await t.app.inject({ url: '/bmcs/api/v2/activity/surplus?corpId=demo&actId=wheel-spring', headers: { cookie } }),
    );
    expect(surplus.data.surplusInfo).toMatchObject({ chancesLeft: 2, drawsMade: 1 });
  });

  describe('idempotency', () => {
    it('the same key returns the first result and counts once', async () => {
      const cookie = await login();
      const key = randomUUID();
      const first = body<DrawResult>(await draw(cookie, 'grid-lucky', key));
      const again = body<DrawResult>(await draw(cookie, 'grid-lucky', key));
      expect(again.data.drawId).toBe(first.data.drawId);
      expect(again.data.prize).toEqual(first.data.prize);
      const n = await t.database.db
        .selectFrom('draw')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('idem_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(1);
      const second = body<DrawResult>(await draw(cookie, 'grid-lucky'));
      expect(second.data.drawIndex).toBe(1);
      expect(second.data.chancesLeft).toBe(0);
    });

    it('a retry after the activity was paused gets its first draw; a new key is refused', async () => {
      const thanks =
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }';
      await publish(activityYaml('paused-later', { prizes: thanks }));
      const cookie = await login();
      const key = randomUUID();
      const first = body<DrawResult>(await draw(cookie, 'paused-later', key));
      expect(first.code).toBe(0);
      await publish(activityYaml('paused-later', { prizes: thanks, more: '    state: paused' }));
      const again = await draw(cookie, 'paused-later', key);
      expect(again.statusCode).toBe(200);
      expect(body<DrawResult>(again).data.drawId).toBe(first.data.drawId);
      expect(body(await draw(cookie, 'paused-later')).code).toBe(2004);
    });

    it('a retry refused by a database past capacity gets its first draw; a new draw gets 429', async () => {
      const cookie = await login();
      const key = randomUUID();
      const first = body<DrawResult>(await draw(cookie, 'wheel-spring', key));
      expect(first.code).toBe(0);
      // Every write transaction refused as past capacity (db/pg-group-commit.ts), as under a flood.
      const commit = (t.database.pgGroupCommit ?? t.database.groupCommit) as { enqueue: unknown };
      const enqueue = commit.enqueue;
      commit.enqueue = () => Promise.reject(new Overloaded('waited 600 ms for a database batch'));
      try {
        const again = await draw(cookie, 'wheel-spring', key);
        expect(again.statusCode).toBe(200);
        expect(body<DrawResult>(again).data.drawId).toBe(first.data.drawId);
        const fresh = await draw(cookie, 'wheel-spring');
        expect(fresh.statusCode).toBe(429);
      } finally {
        commit.enqueue = enqueue;
      }
    });

    it('the same key for another activity is 422; the same key in flight is 409', async () => {
      const cookie = await login();
      const key = randomUUID();
      expect(body(await draw(cookie, 'wheel-spring', key)).code).toBe(0);
      const other = await draw(cookie, 'scratch-gold', key);
      expect(other.statusCode).toBe(422);
      expect(body(other).code).toBe(422);
      // Over HTTP the first may finish before the second arrives (then it is a replay: same draw).
      const key2 = randomUUID();
      const [a, b] = await Promise.all([draw(cookie, 'wheel-spring', key2), draw(cookie, 'wheel-spring', key2)]);
      const codes = [a.statusCode, b.statusCode].sort();
      if (codes[1] === 409) expect(codes).toEqual([200, 409]);
      else expect(body<DrawResult>(a).data.drawId).toBe(body<DrawResult>(b).data.drawId);
      // Truly at once (the second arrives while the first is in its transaction): 409.
      const session = await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { cookie } });
      const nuid = body<{ nuid: string }>(session).data.nuid;
      const user = await t.database.db
        .selectFrom('app_user')
        .selectAll()
        .where('nuid', '=', nuid)
        .executeTakeFirstOrThrow();
      const corp = { id: 'demo', name: 'demo', whiteListed: true, gray: false, appSecret: 'x' };
      const reqUser = {
        id: user.id,
        corpId: 'demo',
        nuid,
        mobile: user.mobile,
        openId: null,
        loginMethod: 'otp' as const,
        tokenHash: '',
      };
      const req = {
        actId: 'wheel-spring',
        idemKey: randomUUID(),
        via: 'lottery' as const,
        ip: '1.1.1.1',
        deviceId: null,
        grayFlag: null,
        nuid,
      };
      const both = await Promise.allSettled([
        t.services.draw.draw(corp, reqUser, req),
        t.services.draw.draw(corp, reqUser, req),
      ]);
      expect(both[0].status).toBe('fulfilled');
      expect(both[1].status === 'rejected' && (both[1].reason as { errorName: string }).errorName).toBe(
        'CONFLICT_IN_FLIGHT',
      );
    });
  });

  it('refuses a draw without a session (401) and with no chances left', async () => {
    expect((await draw('', 'wheel-spring')).statusCode).toBe(401);
    const mobileNo = '13700009901';
    const cookie = await login(mobileNo);
    for (let i = 0; i < 3; i++) expect(body(await draw(cookie, 'wheel-spring')).code).toBe(0);
    const res = await draw(cookie, 'wheel-spring');
    expect(body(res)).toEqual({ code: 2006, data: '抽奖次数已用完' });
    // A new campaign day brings new chances (and, a day later, a new session).
    t.clock.advance(24 * 3_600_000);
    const mobile = body<{ mobileMasked: string }>(
      await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { cookie } }),
    ).data;
    expect(mobile).toBeNull();
    expect(body(await draw(await login(mobileNo), 'wheel-spring')).code).toBe(0);
  });

  it('a ranking season and an offer are never drawn, whatever their prize table says', async () => {
    const cookie = await login();
    // Misconfigured on purpose: a band prize with weight. The season awards it by rank (cli settle), never a wheel.
    await publish(
      activityYaml('season-misdrawn', {
        prizes: [
          '      - { id: band, name: 头奖, kind: physical, image: /prizes/phone.svg, weight: 1, stock: 1, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
        ].join('\n'),
      }).replace('type: wheel', 'type: ranking'),
    );
    const notDrawn = ['season-misdrawn', 'pro1-season', 'newcust-spring'];
    for (const actId of notDrawn) {
      const res = await draw(cookie, actId);
      expect(res.statusCode, actId).toBe(200);
      expect(body(res).code, actId).toBe(2001);
    }
    const stored = await t.database.db.selectFrom('draw').select('id').where('act_id', 'in', notDrawn).execute();
    expect(stored).toEqual([]);
    // What is left counts the stock's buckets on PostgreSQL too.
    expect(await t.services.stock.stockLeft('demo', 'season-misdrawn')).toContainEqual({ prizeId: 'band', left: 1 });
  });

  it('states: not started, ended, paused', async () => {
    const cookie = await login();
    expect(body(await draw(cookie, 'scratch-preview')).code).toBe(2002);
    expect(body(await draw(cookie, 'wheel-autumn')).code).toBe(2003);
    await publish(
      activityYaml('paused-one', {
        prizes:
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
        more: '    state: paused',
      }),
    );
    expect(body(await draw(cookie, 'paused-one')).code).toBe(2004);
    const detail = body<{ data: { status: string } }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=paused-one'),
    );
    expect(detail.data.data.status).toBe('paused');
  });

  it('eligibility: cgroup, white list, new customers, blacklist', async () => {
    await publish(
      activityYaml('vip-only', {
        prizes:
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
        more: '    eligibility: { cgroupIds: [vip] }',
      }),
    );
    expect(body(await draw(await login(), 'vip-only')).code).toBe(2005);
    expect(body(await draw(await login('13800138000'), 'vip-only')).code).toBe(0);
    await publish(
      activityYaml('new-only', {
        prizes:
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
        more: '    eligibility: { newCustomersSince: now }',
      }),
    );
    expect(body(await draw(await login('13800138000'), 'new-only')).code).toBe(2005);
    t.clock.advance(1000);
    expect(body(await draw(await login(), 'new-only')).code).toBe(0);
  });

  it('a sold-out prize falls back to the consolation prize, and verification accepts it', async () => {
    await publish(
      activityYaml('sellout', {
        prizes: [
          '      - { id: big, name: 大奖, kind: coupon, image: /prizes/coupon.svg, weight: 1000000, stock: 2, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
        ].join('\n'),
      }),
    );
    const cookie = await login();
    const prizes: string[] = [];
    for (let i = 0; i < 4; i++) prizes.push(body<DrawResult>(await draw(cookie, 'sellout')).data.prize.id);
    expect(prizes).toEqual(['big', 'big', 'thanks', 'thanks']);
    const rate = body<{ prizeId: string; issued: number; total: number }[]>(
      await t.app.inject('/bmcs/api/prize/consume-rate?corpId=demo&actId=sellout'),
    ).data;
    expect(rate).toEqual([{ prizeId: 'big', name: '大奖', total: 2, issued: 2, rate: 1 }]);
  });

  it('200 users × 5 concurrent draws on a prize with stock 50: exactly 50 awarded, caps held', async () => {
    await publish(
      activityYaml('rush', {
        chances: '{ perActivity: 5 }',
        prizes: [
          '      - { id: hot, name: 爆款, kind: coupon, image: /prizes/coupon.svg, weight: 60, stock: 50, perUserCap: 1, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 40, consolation: true }',
        ].join('\n'),
      }),
    );
    const cookies: string[] = [];
    for (let i = 0; i < 200; i++) cookies.push(await login(`1350000${String(i).padStart(4, '0')}`));
    const results = await Promise.all(cookies.flatMap((c) => Array.from({ length: 5 }, () => draw(c, 'rush'))));
    expect(results.every((r) => r.statusCode === 200 && body(r).code === 0)).toBe(true);
    const db = t.database.db;
    const awarded = await db
      .selectFrom('award')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('act_id', '=', 'rush')
      .groupBy('user_id')
      .execute();
    const total = awarded.reduce((s, r) => s + Number(r.n), 0);
    expect(total).toBe(50);
    expect(awarded.every((r) => Number(r.n) === 1)).toBe(true);
    const prize = await db
      .selectFrom('prize')
      .selectAll()
      .where('act_id', '=', 'rush')
      .where('id', '=', 'hot')
      .executeTakeFirstOrThrow();
    expect(prize.left_stock).toBe(0);
    expect(total + (prize.left_stock ?? 0)).toBe(prize.total_stock);
    const draws = await db.selectFrom('draw').select('id').where('act_id', '=', 'rush').execute();
    expect(draws).toHaveLength(1000);
  }, 120_000);

  it('verifies an ended activity and catches a tampered record', async () => {
    await publish(
      activityYaml('fair', {
        prizes: [
          '      - { id: a, name: A, kind: points, image: /prizes/points.svg, weight: 3, points: 1 }',
          '      - { id: b, name: B, kind: coupon, image: /prizes/coupon.svg, weight: 2, stock: 100, valueCents: 100 }',
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 5, consolation: true }',
        ].join('\n'),
      }),
    );
    for (let u = 0; u < 5; u++) {
      const c = await login();
      for (let i = 0; i < 4; i++) expect(body(await draw(c, 'fair')).code).toBe(0);
    }
    const early = await t.app.inject('/bmcs/api/activity/verify?corpId=demo&actId=fair');
    expect(body(early).code).toBe(2011);
    const before = body<{ fairness: { seed: string | null } }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=fair'),
    );
    expect((before.data as unknown as { data: { fairness: { seed: null } } }).data.fairness.seed).toBeNull();
    await t.services.publishing.end('demo', 'fair');
    const ok = body<{ ok: boolean; checked: number }>(
      await t.app.inject('/bmcs/api/activity/verify?corpId=demo&actId=fair'),
    );
    expect(ok.data).toMatchObject({ ok: true, checked: 20 });
    const victim = await t.database.db
      .selectFrom('draw')
      .select('id')
      .where('act_id', '=', 'fair')
      .where('awarded_prize_id', '=', 'thanks')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('draw')
      .set({ awarded_prize_id: 'a', picked_prize_id: 'a' })
      .where('id', '=', victim.id)
      .execute();
    const bad = body<{ ok: boolean; mismatches: { drawId: string }[] }>(
      await t.app.inject('/bmcs/api/activity/verify?corpId=demo&actId=fair'),
    );
    expect(bad.data.ok).toBe(false);
    expect(bad.data.mismatches.map((m) => m.drawId)).toContain(victim.id);
  });

  it('rocc lottery: the risk hook refuses a burst from one nuid and logs it', async () => {
    const jar = cookieJar();
    const res = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      headers: H5,
      payload: { mobile: '13600000001', code: '123456' },
    });
    jar.take(res);
    const cookie = jar.header();
    const encid = jar.get('encid') ?? '';
    await publish(
      activityYaml('risky', {
        chances: '{ perDay: 100 }',
        prizes:
          '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
      }),
    );
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/bmcs/api/rocc/lottery?corpId=demo&nuid=${encodeURIComponent(encid)}&grayflag=1`,
        headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
        payload: { actId: 'risky', deviceId: 'dev-1' },
      });
      codes.push(body(r).code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 2007, 2007]);
    const logged = await t.database.db
      .selectFrom('risk_decision')
      .select(['action', 'matched', 'gray_flag'])
      .where('act_id', '=', 'risky')
      .execute();
    expect(logged.filter((l) => l.action === 'block').map((l) => l.matched)).toEqual([
      '["velocity-nuid"]',
      '["velocity-nuid"]',
    ]);
    expect(logged.every((l) => l.gray_flag === 1)).toBe(true);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/rocc/lottery?corpId=demo&nuid=not-mine',
      headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
      payload: { actId: 'risky' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('a campaign whose group has rocc on is judged on the plain lottery path too, with its own message', async () => {
    await publish(`
groups:
  - { id: risk-on, corp: demo, showActIds: [risky-plain], rocc: 1 }
${activityYaml('risky-plain', {
  chances: '{ perDay: 100 }',
  more: '    group: risk-on',
  prizes: '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
})}`);
    const cookie = await login('13600000002');
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(body(await draw(cookie, 'risky-plain')));
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0, 2007, 2007]);
    // Its own words, not a rate limit's.
    expect(answers[5]?.data).toBe('本次参与未通过活动安全校验。如您认为有误，可提交申诉，我们会人工复核');
    const logged = await t.database.db
      .selectFrom('risk_decision')
      .select(['action', 'matched'])
      .where('act_id', '=', 'risky-plain')
      .execute();
    expect(logged).toHaveLength(7);
    expect(logged.filter((l) => l.action === 'block').map((l) => l.matched)).toEqual([
      '["velocity-nuid"]',
      '["velocity-nuid"]',
    ]);
  });
});
