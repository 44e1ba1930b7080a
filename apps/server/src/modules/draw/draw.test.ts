import { randomUUID } from 'node:crypto';
import type { DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../cli/definition';
import { applyDefinition } from '../../cli/import';
import { testConfig } from '../../config';
import { body, cookieJar, dialects, H5, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

/** A small activity file for the rules under test; times relative to the test clock. */
function activityYaml(id: string, extra: { prizes: string; chances?: string; more?: string }) {
  return `
activities:
  - id: ${id}
    corp: demo
    type: wheel
    title: 测试转盘
    startsAt: now-1h
    endsAt: now+10d
    chances: ${extra.chances ?? '{ perDay: 100 }'}
    rules: <p>规则</p>
${extra.more ?? ''}
    prizes:
${extra.prizes}
`;
}

describe.each(kinds)('draws on %s', (kind) => {
  let t: TestApp;
  let userSeq = 0;
  beforeAll(async () => {
    // 1,000 draws at once below: above the default shedding cap on purpose (shedding is tested elsewhere).
    t = await startTestApp(kind, { config: testConfig({ maxDrawsInFlight: 5000 }) });
  });
  afterAll(async () => t?.close());

  const publish = async (yaml: string) =>
    applyDefinition(t.database.db, t.services.activity, parseDefinition(yaml, 'test.yaml', t.clock.now), t.clock.now);

  async function login(mobile = `1370000${String(userSeq + 1).padStart(4, '0')}`, corp = 'demo') {
    userSeq++;
    const jar = cookieJar();
    const res = await t.app.inject({
      method: 'POST',
      url: `/bmcs/api/auth/otp/login?corpId=${corp}`,
      headers: H5,
      payload: { mobile, code: '123456' },
      remoteAddress: `10.9.${userSeq % 250}.${Math.floor(userSeq / 250)}`,
    });
    expect(body(res).code).toBe(0);
    jar.take(res);
    return jar.header();
  }

  const draw = (cookie: string, actId: string, key: string = randomUUID(), path = '/bmcs/api/v2/lottery') =>
    t.app.inject({
      method: 'POST',
      url: `${path}?corpId=demo`,
      headers: { ...H5, cookie, 'idempotency-key': key },
      payload: { actId },
    });

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

  it('a missing activity is returnCode ≠ 0 with no data (spec §5)', async () => {
    const r = body<{ returnCode: number; data: null }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=nope'),
    );
    expect(r.code).toBe(0);
    expect(r.data.returnCode).toBe(2001);
    expect(r.data.data).toBeNull();
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

    it('requires a well-formed key', async () => {
      const cookie = await login();
      const res = await t.app.inject({
        method: 'POST',
        url: '/bmcs/api/v2/lottery?corpId=demo',
        headers: { ...H5, cookie },
        payload: { actId: 'wheel-spring' },
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe(2008);
    });
  });

  it('refuses a draw without a session (401) and with no chances left', async () => {
    expect((await draw('', 'wheel-spring')).statusCode).toBe(401);
    const cookie = await login();
    for (let i = 0; i < 3; i++) expect(body(await draw(cookie, 'wheel-spring')).code).toBe(0);
    const res = await draw(cookie, 'wheel-spring');
    expect(body(res)).toEqual({ code: 2006, data: '抽奖次数已用完' });
    // A new campaign day brings new chances (and, a day later, a new session).
    t.clock.advance(24 * 3_600_000);
    const mobile = body<{ mobileMasked: string }>(
      await t.app.inject({ url: '/bmcs/api/auth/session?corpId=demo', headers: { cookie } }),
    ).data;
    expect(mobile).toBeNull();
    expect(body(await draw(await login(`1370000${String(userSeq).padStart(4, '0')}`), 'wheel-spring')).code).toBe(0);
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
    await t.services.activity.end('demo', 'fair');
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

  it('publication refuses a prize over ¥50,000 and stores nothing', async () => {
    const yaml = activityYaml('too-rich', {
      prizes: [
        '      - { id: car, name: 汽车, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 1, valueCents: 5000001 }',
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
      ].join('\n'),
    });
    await expect(publish(yaml)).rejects.toThrow(/PUBLISH_REFUSED: prize car .*above the ¥50,000 limit/);
    const row = await t.database.db.selectFrom('activity').select('id').where('id', '=', 'too-rich').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('a change of odds of a live activity makes a new version shown with its time; stock changes do not', async () => {
    const prizes = (w: number, stock: number) =>
      [
        `      - { id: a, name: A, kind: coupon, image: /prizes/coupon.svg, weight: ${w}, stock: ${stock}, valueCents: 100 }`,
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 10, consolation: true }',
      ].join('\n');
    await publish(activityYaml('versions', { prizes: prizes(10, 5) }));
    const detail = async () =>
      (
        body<{ data: { version: number; versionPublishedAt: number; prizes: { percentText: string }[] } }>(
          await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo&actId=versions'),
        ).data as unknown as {
          data: { version: number; versionPublishedAt: number; prizes: { percentText: string }[] };
        }
      ).data;
    expect((await detail()).version).toBe(1);
    t.clock.advance(60_000);
    await publish(activityYaml('versions', { prizes: prizes(10, 50) }));
    expect((await detail()).version).toBe(1);
    await publish(activityYaml('versions', { prizes: prizes(30, 50) }));
    const v2 = await detail();
    expect(v2.version).toBe(2);
    expect(v2.versionPublishedAt).toBe(t.clock.now);
    expect(v2.prizes[0]?.percentText).toBe('75.00%');
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
      .selectFrom('risk_log')
      .select(['decision', 'rule', 'gray_flag'])
      .where('act_id', '=', 'risky')
      .execute();
    expect(logged.filter((l) => l.decision === 'refuse').map((l) => l.rule)).toEqual([
      'velocity-nuid',
      'velocity-nuid',
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
      headers: { ...H5, cookie: other },
      payload: { awardId: won.award?.awardId },
    });
    expect(body(steal).code).toBe(2010);
    const used = await t.app.inject({
      method: 'POST',
      url: '/bmcs/api/v2/exchange?corpId=demo',
      headers: { ...H5, cookie: me },
      payload: { awardId: won.award?.awardId },
    });
    expect(body<{ status: string }>(used).data.status).toBe('exchanged');
  });

  it('group detail and the activity park', async () => {
    const g = body(await t.app.inject('/bmcs/api/v3/activity/group?corpId=demo&actGroupId=spring-fest')).data;
    expect(g).toMatchObject({ actGroupId: 'spring-fest', rocc: 0 });
    const park = body<{ actId: string; status: string }[]>(
      await t.app.inject('/bmcs/api/activity/park?corpId=demo'),
    ).data;
    expect(park.map((p) => p.actId)).toEqual(expect.arrayContaining(['wheel-spring', 'grid-lucky', 'scratch-preview']));
    expect(park.map((p) => p.actId)).not.toContain('wheel-autumn');
    // Another tenant sees none of it.
    const other = body<unknown[]>(await t.app.inject('/bmcs/api/activity/park?corpId=demo-gray')).data;
    expect(other).toEqual([]);
    const detail = body<{ returnCode: number }>(
      await t.app.inject('/bmcs/api/v2/activity/detail?corpId=demo-gray&actId=wheel-spring'),
    ).data;
    expect(detail.returnCode).toBe(2001);
  });
});

describe('campaign definition errors name the field and the line', () => {
  it('reports a bad weight with its line', () => {
    const yaml = activityYaml('x', {
      prizes: [
        '      - { id: a, name: A, kind: coupon, image: /a.svg, weight: -1 }',
        '      - { id: t, name: T, kind: thanks, image: /t.svg, weight: 1, consolation: true }',
      ].join('\n'),
    });
    expect(() => parseDefinition(yaml, 'x.yaml')).toThrow(/x\.yaml:13: activities\.0\.prizes\.0\.weight/);
  });
  it('reports an undefined corp of a user', () => {
    expect(() => parseDefinition('users:\n  - corp: ghost\n    nuid: u1\n', 'u.yaml')).toThrow(
      /u\.yaml:2: users\.0\.corp: corp "ghost"/,
    );
  });
});
