import { randomUUID } from 'node:crypto';
import type { Address, DrawResult, Order } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, H5, REDIS_URL, startTestApp, type TestApp } from '../../testing/harness';
import { enforceRules } from '../../testing/risk';

// Issue 35, ADR 0060: the season's tasks and settlement and the exchange of a prize go through the risk engine
// when their campaign is risk-checked (its group has rocc on), and only then.

const kinds = await dialects();
const DAY = 86_400_000;
const REFUSED = 2007;

/** Block every 139 number, hold every 138 number; 137 numbers pass. */
const RULES = [
  { id: 'farm', name: '号段封禁', expr: 'phone.segment == "139"', action: 'block' as const },
  { id: 'watch', name: '号段复核', expr: 'phone.segment == "138"', action: 'hold' as const },
];

const PRIZES = `    prizes:
      - { id: top, name: 蓝牙耳机, kind: physical, image: /prizes/headphones.svg, weight: 0, stock: 3, valueCents: 29900 }
      - { id: thanks, name: 谢谢参与, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }`;
const ranking = (id: string, group: string | null) => `
  - id: ${id}
    corp: demo
    type: ranking
    title: 风控赛季
${group ? `    group: ${group}\n` : ''}    startsAt: now-1h
    endsAt: now+10d
    chances: { perActivity: 1 }
    rules: <p>规则</p>
${PRIZES}`;
const TASKS = `
      - { id: signin, kind: signin, title: 每日签到, points: 10, period: daily }
      - { id: visit, kind: visit, title: 逛一逛, points: 15, period: daily, seconds: 5 }
      - { id: invite, kind: invite, title: 邀请好友, points: 50, period: perInvitee }
      - { id: wheel, kind: draw, title: 转一次, points: 20, period: daily, actId: rs-wheel }`;
const season = (act: string, tasks: string) => `
  - act: ${act}
    corp: demo
    bands: [{ from: 1, to: 3, prize: top }]
    tasks:${tasks}`;

/**
 * Two risk-checked seasons (the tasks; the settlement, whose only task is signing in, so that only the test's
 * own credits rank there) and one that is not, fed by a risk-checked wheel.
 */
const SEASONS = `
groups:
  - { id: rs-grp, corp: demo, showActIds: [rs-season, rs-rank, rs-wheel], rocc: 1 }
activities:${ranking('rs-season', 'rs-grp')}${ranking('rs-rank', 'rs-grp')}${ranking('rs-plain', null)}
  - id: rs-wheel
    corp: demo
    type: wheel
    title: 风控转盘
    group: rs-grp
    startsAt: now-1h
    endsAt: now+10d
    chances: { perDay: 100 }
    rules: <p>规则</p>
    prizes:
      - { id: cpn, name: 五元券, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: 100, valueCents: 500 }
      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }
seasons:${season('rs-season', TASKS)}${season('rs-rank', '\n      - { id: signin, kind: signin, title: 每日签到, points: 10, period: daily }')}${season('rs-plain', TASKS)}
`;

type Credit = { credited: boolean; points: number };

describe.each(kinds)('season tasks and settlement judged by the risk engine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(SEASONS);
    await enforceRules(t.database, 'demo', RULES, t.clock.now);
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);
  const post = (cookie: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/bmcs/api/season/${path}?corpId=demo`, headers: { ...H5, cookie }, payload });
  const signIn = async (cookie: string, actId: string) =>
    body<Credit>(await post(cookie, 'signin', { actId, taskId: 'signin' }));
  let seq = 0;
  const customer = async (segment: '137' | '138' | '139') => {
    seq++;
    const mobile = `${segment}5${kind === 'sqlite' ? 1 : 2}${String(seq).padStart(6, '0')}`;
    const cookie = await login(mobile);
    const row = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    return { cookie, id: row.id };
  };
  const decisions = (actId: string, userId: string) =>
    t.database.db
      .selectFrom('risk_decision')
      .select(['action', 'matched', 'draw_id', 'value_cents'])
      .where('act_id', '=', actId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const score = async (actId: string, userId: string) =>
    (await t.services.season.standing('demo', actId, userId)).score;

  it('20 sign-ins at once by a blocked customer are all refused, 20 decisions stored, nothing credited', async () => {
    const farm = await customer('139');
    const codes = await Promise.all(
      Array.from({ length: 20 }, async () => (await signIn(farm.cookie, 'rs-season')).code),
    );
    expect(codes).toEqual(Array(20).fill(REFUSED));
    const stored = await decisions('rs-season', farm.id);
    expect(stored).toHaveLength(20);
    expect(stored.every((d) => d.action === 'block' && d.matched === '["farm"]' && d.draw_id === null)).toBe(true);
    expect(await score('rs-season', farm.id)).toBe(0);
    // The same customer in a season that is not risk-checked: credited, never judged.
    expect((await signIn(farm.cookie, 'rs-plain')).data).toMatchObject({ credited: true, points: 10 });
    expect(await decisions('rs-plain', farm.id)).toEqual([]);
  });

  it('a held credit is refused like a block (its decision stored); an allowed one is recorded with the credit', async () => {
    const held = await customer('138');
    expect((await signIn(held.cookie, 'rs-season')).code).toBe(REFUSED);
    expect((await decisions('rs-season', held.id)).map((d) => d.action)).toEqual(['hold']);
    expect(await score('rs-season', held.id)).toBe(0);
    const fine = await customer('137');
    expect((await signIn(fine.cookie, 'rs-season')).data).toMatchObject({ credited: true, points: 10 });
    const [allowed, ...more] = await decisions('rs-season', fine.id);
    expect(more).toEqual([]);
    expect(allowed).toMatchObject({ action: 'allow', matched: '[]' });
    expect(allowed?.draw_id).toMatch(new RegExp(`^season-task:demo:rs-season:${fine.id}:signin:`));
    expect(await score('rs-season', fine.id)).toBe(10);
  });

  it('a visit is judged when it finishes: refused for a blocked customer, credited for another', async () => {
    const farm = await customer('139');
    const fine = await customer('137');
    const start = async (cookie: string) =>
      body<{ token: string }>(await post(cookie, 'visit/start', { actId: 'rs-season', taskId: 'visit' })).data.token;
    const [a, b] = [await start(farm.cookie), await start(fine.cookie)];
    t.clock.advance(6_000);
    const finish = async (cookie: string, token: string) =>
      body<Credit>(await post(cookie, 'visit/finish', { actId: 'rs-season', taskId: 'visit', token }));
    expect((await finish(farm.cookie, a)).code).toBe(REFUSED);
    expect((await finish(fine.cookie, b)).data).toMatchObject({ credited: true, points: 15 });
    expect(await score('rs-season', farm.id)).toBe(0);
    expect((await decisions('rs-season', farm.id)).map((d) => d.action)).toEqual(['block']);
    expect((await decisions('rs-season', fine.id)).map((d) => d.action)).toEqual(['allow']);
  });

  it('an invite credits a blocked inviter nothing in a risk-checked season and stores the decision', async () => {
    const [farm, held, fine] = [await customer('139'), await customer('138'), await customer('137')];
    const invitee = randomUUID();
    for (const who of [farm, held, fine]) await t.services.season.inviteCounted('demo', who.id, invitee, t.clock.now);
    expect([
      await score('rs-season', farm.id),
      await score('rs-season', held.id),
      await score('rs-season', fine.id),
    ]).toEqual([0, 0, 50]);
    expect((await decisions('rs-season', farm.id)).map((d) => d.action)).toEqual(['block']);
    expect((await decisions('rs-season', held.id)).map((d) => d.action)).toEqual(['hold']);
    const [allowed] = await decisions('rs-season', fine.id);
    expect(allowed?.draw_id).toBe(`season-task:demo:rs-season:${fine.id}:invite:invitee:${invitee}`);
    // The season that is not risk-checked credits all three, and judged none of them.
    expect(await score('rs-plain', farm.id)).toBe(50);
    expect(await decisions('rs-plain', farm.id)).toEqual([]);
  });

  it('a held draw credits no draw-task points; an allowed one does', async () => {
    const [held, fine] = [await customer('138'), await customer('137')];
    const heldDraw = body<DrawResult>(await draw(held.cookie, 'rs-wheel'));
    expect(heldDraw.code).toBe(0);
    expect(body<DrawResult>(await draw(fine.cookie, 'rs-wheel')).code).toBe(0);
    const award = await t.database.db
      .selectFrom('award')
      .select('status')
      .where('user_id', '=', held.id)
      .where('act_id', '=', 'rs-wheel')
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('pending_approval');
    expect([await score('rs-season', held.id), await score('rs-plain', held.id)]).toEqual([0, 0]);
    expect([await score('rs-season', fine.id), await score('rs-plain', fine.id)]).toEqual([20, 20]);
  });

  it('settlement judges each winner: a blocked one gets nothing (no promotion), a held one waits for review', async () => {
    const [fine, held, farm, fourth] = [
      await customer('137'),
      await customer('138'),
      await customer('139'),
      await customer('137'),
    ];
    // Ranks by points (a sign-in a day): fine 1st, held 2nd, farm 3rd, fourth 4th (past the last band).
    const at = t.clock.now;
    for (const [who, n] of [
      [fine, 4],
      [held, 3],
      [farm, 2],
      [fourth, 1],
    ] as const) {
      for (let i = 0; i < n; i++)
        await t.services.seasonOperations.creditAt('demo', 'rs-rank', who.id, 'signin', at + i * DAY);
    }
    t.clock.advance(11 * DAY);
    const runs = await Promise.all([
      t.services.seasonOperations.settle('demo', 'rs-rank'),
      t.services.seasonOperations.settle('demo', 'rs-rank'),
    ]);
    expect(runs.filter((r) => r.settled)).toEqual([{ settled: true, awarded: 2, held: 1, blocked: 1 }]);
    const awards = await t.database.db
      .selectFrom('award')
      .select(['id', 'user_id', 'status', 'prize_id'])
      .where('act_id', '=', 'rs-rank')
      .execute();
    const statusOf = new Map(awards.map((a) => [a.user_id, a.status]));
    expect(awards).toHaveLength(2);
    expect(statusOf.get(fine.id)).toBe('awaiting_address');
    expect(statusOf.get(held.id)).toBe('pending_approval');
    // Three units, two taken (the blocked winner's stays; the fourth is not promoted into it).
    const left = await t.services.stock.stockLeft('demo', 'rs-rank');
    expect(left.find((p) => p.prizeId === 'top')?.left).toBe(1);
    // One decision per winner, recorded with the settlement (the run that lost stored none).
    const byWinner = await Promise.all([fine, held, farm, fourth].map((w) => decisions('rs-rank', w.id)));
    expect(byWinner.map((ds) => ds.map((d) => d.action))).toEqual([['allow'], ['hold'], ['block'], []]);
    expect(byWinner[2]?.[0]).toMatchObject({ draw_id: `season:demo:rs-rank:${farm.id}`, value_cents: 29900 });
    // The held award waits as a risk hold for a reviewer.
    const heldAward = awards.find((a) => a.user_id === held.id);
    const request = await t.database.db
      .selectFrom('approval_request')
      .select(['kind', 'status', 'title'])
      .where('subject', '=', heldAward?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ kind: 'prize-award', status: 'pending' });
    expect(request.title).toContain('风控冻结');
    const results = await t.database.db
      .selectFrom('season_result')
      .select(['user_id', 'rank'])
      .where('act_id', '=', 'rs-rank')
      .execute();
    expect(results.map((r) => r.user_id).sort()).toEqual([fine.id, held.id].sort());
    // A season that is not risk-checked settles unjudged (the blocked customer above is among its winners).
    const plain = await t.services.seasonOperations.settle('demo', 'rs-plain');
    expect(plain).toMatchObject({ settled: true, held: 0, blocked: 0 });
    expect(
      await t.database.db.selectFrom('risk_decision').select('id').where('act_id', '=', 'rs-plain').execute(),
    ).toEqual([]);
  });
});

const ADDRESS = {
  name: '张三',
  mobile: '13800138000',
  provinceCode: '310000',
  cityCode: '310100',
  districtCode: '310101',
  detail: '南京东路 100 号',
};
const GIFT = (id: string, group: string | null) =>
  activityYaml(id, {
    prizes: [
      '      - { id: g, name: 礼盒, kind: physical, image: /prizes/gift.svg, weight: 1, stock: 100, valueCents: 9900 }',
      '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
    ].join('\n'),
    more: `    claim: { addressWindowDays: 3, couponValidDays: 5 }${group ? `\n    group: ${group}` : ''}`,
  });

describe.each(kinds)('the exchange of a prize judged by the risk engine on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await publish(`
groups:
  - { id: rx-grp, corp: demo, showActIds: [rx-gift], rocc: 1 }
${GIFT('rx-gift', 'rx-grp')}`);
    await publish(GIFT('rx-plain', null));
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);
  const post = (cookie: string, path: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/bmcs/api/${path}?corpId=demo`,
      headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
      payload,
    });
  let seq = 0;
  /** A customer who won the gift of `actId` (before any rule acts) and has an address. */
  const winner = async (segment: '137' | '138' | '139', actId: string) => {
    seq++;
    const mobile = `${segment}6${kind === 'sqlite' ? 1 : 2}${String(seq).padStart(6, '0')}`;
    const cookie = await login(mobile);
    const won = body<DrawResult>(await draw(cookie, actId)).data;
    const awardId = won.award?.awardId ?? '';
    const order = await t.database.db
      .selectFrom('physical_order')
      .select(['id', 'user_id'])
      .where('award_id', '=', awardId)
      .executeTakeFirstOrThrow();
    const addNo = body<Address>(await post(cookie, 'address/add', ADDRESS)).data.addNo;
    return { cookie, awardId, orderId: order.id, userId: order.user_id, addNo };
  };
  const decisions = (actId: string, userId: string) =>
    t.database.db
      .selectFrom('risk_decision')
      .select(['action', 'draw_id', 'value_cents'])
      .where('act_id', '=', actId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const confirm = async (w: { cookie: string; orderId: string; addNo: string }) =>
    body<Order>(await post(w.cookie, 'v2/order/confirm', { orderId: w.orderId, addNo: w.addNo }));
  const stateOf = async (orderId: string) =>
    (
      await t.database.db
        .selectFrom('physical_order')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;

  it('a blocked or held customer cannot exchange; 20 tries at once, 20 refusals stored; others exchange', async () => {
    const [farm, held, fine, plain] = [
      await winner('139', 'rx-gift'),
      await winner('138', 'rx-gift'),
      await winner('137', 'rx-gift'),
      await winner('139', 'rx-plain'),
    ];
    await enforceRules(t.database, 'demo', RULES, t.clock.now);
    // The engine's state was read for the draws above: it reloads after its second (the helper forgets the
    // harness's handle, not the service's).
    t.clock.advance(2_000);
    const before = (await decisions('rx-gift', farm.userId)).length;
    const codes = await Promise.all(Array.from({ length: 20 }, async () => (await confirm(farm)).code));
    expect(codes).toEqual(Array(20).fill(REFUSED));
    const refused = (await decisions('rx-gift', farm.userId)).slice(before);
    expect(refused).toHaveLength(20);
    expect(refused.every((d) => d.action === 'block' && d.draw_id === null)).toBe(true);
    // The exchange route confirms through the same judgement.
    expect(body(await post(farm.cookie, 'v2/exchange', { awardId: farm.awardId, addNo: farm.addNo })).code).toBe(
      REFUSED,
    );
    expect(await stateOf(farm.orderId)).toBe('awaiting_address');
    expect((await confirm(held)).code).toBe(REFUSED);
    expect((await decisions('rx-gift', held.userId)).at(-1)?.action).toBe('hold');
    expect(await stateOf(held.orderId)).toBe('awaiting_address');
    // Allowed: exchanged, its decision recorded with the exchange (the order, the prize's value).
    expect((await confirm(fine)).data).toMatchObject({ state: 'confirmed' });
    expect((await decisions('rx-gift', fine.userId)).at(-1)).toMatchObject({
      action: 'allow',
      draw_id: `order:${fine.orderId}`,
      value_cents: 9900,
    });
    const award = await t.database.db
      .selectFrom('award')
      .select('status')
      .where('id', '=', fine.awardId)
      .executeTakeFirstOrThrow();
    expect(award.status).toBe('exchanged');
    // A campaign that is not risk-checked: the same blocked number exchanges, unjudged.
    expect((await confirm(plain)).data).toMatchObject({ state: 'confirmed' });
    expect(await decisions('rx-plain', plain.userId)).toEqual([]);
  });
});

/** Two seasons whose groups state their own fail policy. */
const POLICY_SEASONS = `
groups:
  - { id: fp-closed-grp, corp: demo, showActIds: [fp-closed], rocc: 1, riskFailPolicy: closed }
  - { id: fp-open-grp, corp: demo, showActIds: [fp-open], rocc: 1, riskFailPolicy: open, riskFailOpenPerMinute: 1 }
activities:${ranking('fp-closed', 'fp-closed-grp')}${ranking('fp-open', 'fp-open-grp')}
seasons:${season('fp-closed', '\n      - { id: signin, kind: signin, title: 每日签到, points: 10, period: daily }')}${season('fp-open', '\n      - { id: signin, kind: signin, title: 每日签到, points: 10, period: daily }')}
`;

describe.each(kinds)('a season follows its group’s fail policy on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the risk counters cannot be reached (the deployment's default: open, 100).
    const config = testConfig({
      redis: { url: `${REDIS_URL.replace(/:\d+$/, ':1')}`, prefix: 'test:season-policy:' },
      risk: { failPolicy: 'open', failOpenPerMinute: 100 },
    });
    t = await startTestApp(kind, { config });
    await publish(POLICY_SEASONS);
    await enforceRules(t.database, 'demo', RULES, t.clock.now);
  });
  afterAll(async () => t?.close());
  const { publish, login } = campaignActions(() => t);
  const signIn = (cookie: string, actId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/bmcs/api/season/signin?corpId=demo',
      headers: { ...H5, cookie },
      payload: { actId, taskId: 'signin' },
    });

  it('closed refuses a sign-in with 503; open credits up to its own cap a minute', async () => {
    const closed = await signIn(await login('13700006601'), 'fp-closed');
    expect(closed.statusCode).toBe(503);
    expect(body(closed).code).toBe(2021);
    const first = await signIn(await login('13700006602'), 'fp-open');
    expect(body<Credit>(first)).toMatchObject({ code: 0, data: { credited: true } });
    const second = await signIn(await login('13700006603'), 'fp-open');
    expect(body(second).code).toBe(2021);
  });
});
