import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { transact } from '../../db/tx';
import { createRiskCounters, memoryCounters, type RiskCounters } from '../../platform/risk-counters';
import type { RiskAttempt, RiskVerdict } from '../../platform/risk-port';
import { createServices, type Services } from '../../services';
import { activityYaml, campaignActions } from '../../testing/campaign';
import {
  body,
  dialects,
  freshDatabase,
  REDIS_URL,
  redisAnswers,
  redisForTest,
  startTestApp,
  T0,
  type TestApp,
  type TestDb,
} from '../../testing/harness';
import { enforceRules } from '../../testing/risk';
import type { Features } from './features';

const kinds = await dialects();
const withRedis = await redisAnswers();
const stores = [
  ...kinds.map((kind) => ({ kind, redis: false })),
  ...(withRedis ? [{ kind: 'sqlite' as const, redis: true }] : []),
];
const MIN = 60_000;

describe.each(stores)('risk counters on $kind (redis: $redis): first values and reads', ({ kind, redis }) => {
  let fresh: TestDb;
  let counters: RiskCounters;
  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    counters = createRiskCounters(testConfig({ redis: redis ? redisForTest() : null }), fresh.database);
  });
  afterAll(async () => {
    await counters.close();
    await fresh.drop();
  });

  it('a first value is kept once set, read without setting, and replaced only once it has expired', async () => {
    const first = (value: number | null, now: number) =>
      counters.observe({ counts: [], distinct: [], firsts: [{ key: 'fd|x', value, ttlSec: 60 }] }, now);
    expect((await first(null, T0)).firsts).toEqual([null]);
    expect((await first(29_000_001, T0)).firsts).toEqual([29_000_001]);
    expect((await first(29_000_002, T0 + 1000)).firsts).toEqual([29_000_001]);
    expect((await first(null, T0 + 2000)).firsts).toEqual([29_000_001]);
    // Redis expires keys by its own clock, not the test's: the expiry is checked on the database stores.
    if (!redis) expect((await first(29_000_003, T0 + 61_000)).firsts).toEqual([29_000_003]);
  });

  it('a count asked with by 0 is read, not counted', async () => {
    const ask = (by: number) =>
      counters.observe({ counts: [{ key: 'ss|y', windowSec: 86_400, by }], distinct: [] }, T0);
    expect((await ask(0)).counts).toEqual([0]);
    expect((await ask(1)).counts).toEqual([1]);
    expect((await ask(1)).counts).toEqual([2]);
    expect((await ask(0)).counts).toEqual([2]);
  });

  it('20 decisions at once (one batch) each read the counts of those before them', async () => {
    const at = T0 + 5 * MIN;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        counters.observe(
          {
            counts: [{ key: 'burst|dev', windowSec: 60 }],
            distinct: [{ key: 'burst|ip', member: `u${i}`, windowSec: 60 }],
            firsts: [{ key: 'burst|first', value: 100 + i, ttlSec: 60 }],
          },
          at,
        ),
      ),
    );
    expect(answers.map((a) => a.counts[0]).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(Math.max(...answers.map((a) => a.distinct[0] ?? 0))).toBe(20);
    expect(new Set(answers.map((a) => a.firsts[0]))).toEqual(new Set([100]));
  });
});

it('the memory counters count a distinct member once across the two buckets of its window', async () => {
  const c = memoryCounters();
  const add = async (member: string, now: number) =>
    (await c.observe({ counts: [], distinct: [{ key: 'ipa', member, windowSec: 60 }] }, now)).distinct[0];
  expect(await add('a', T0)).toBe(1);
  expect(await add('b', T0)).toBe(2);
  // The next minute's bucket: a seen again (still inside the window), then a new c.
  expect(await add('a', T0 + MIN)).toBe(2);
  expect(await add('a', T0 + MIN)).toBe(2);
  expect(await add('c', T0 + MIN)).toBe(3);
});

it('the memory counters answer first values as the shared stores do', async () => {
  const c = memoryCounters();
  const f = (value: number | null) =>
    c.observe({ counts: [], distinct: [], firsts: [{ key: 'k', value, ttlSec: 5 }] }, T0);
  expect((await f(null)).firsts).toEqual([null]);
  expect((await f(7)).firsts).toEqual([7]);
  expect((await f(8)).firsts).toEqual([7]);
});

describe.each(kinds)('risk features on %s: windows, first draw and win, same second, invite tree', (kind) => {
  let fresh: TestDb;
  let services: Services;
  let now = T0;
  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    services = createServices({ database: fresh.database, config: testConfig(), clock: () => now });
    // The engine counts only when a version runs; this one never matches.
    await enforceRules(fresh.database, 'demo', [{ id: 'never', name: '从不', expr: 'false', action: 'block' }], T0);
  });
  afterAll(async () => {
    await services.risk.close();
    await fresh.drop();
  });

  const attempt = (userId: string, over: Partial<RiskAttempt> = {}): RiskAttempt => ({
    corpId: 'demo',
    actId: 'wheel',
    userId,
    ip: '10.20.30.40',
    deviceId: null,
    mobile: '13800001111',
    signedUpAt: T0 - 90 * MIN,
    sessionStartedAt: T0,
    loginMethod: 'otp',
    grayFlag: null,
    now,
    ...over,
  });
  const decide = async (a: RiskAttempt) => {
    const v = await services.risk.engine.decide(a, null);
    return { v, f: JSON.parse((v.record as { features: string }).features) as Features };
  };
  const settle = () => new Promise((r) => setTimeout(r, 50)); // what a decision counts after it (not awaited)

  it('counts up to 30 days, and times the first draw from sign-up', async () => {
    now = T0;
    const { f } = await decide(attempt('w1'));
    expect(f.customer).toMatchObject({
      draws_1d: 1,
      draws_7d: 1,
      draws_30d: 1,
      first_draw_min: 90,
      draws_before_win: 0,
    });
    now = T0 + 3 * 86_400_000;
    const again = await decide(attempt('w1', { now }));
    expect(again.f.customer).toMatchObject({ draws_1d: 1, draws_7d: 2, draws_30d: 2, first_draw_min: 90 });
    expect(again.f.customer.age_min).toBe(90 + 3 * 24 * 60);
  });

  it('a win fixes the draws before the first win; later draws do not move it', async () => {
    now = T0;
    let last: RiskVerdict | null = null;
    for (let i = 0; i < 3; i++) last = (await decide(attempt('w2'))).v;
    const verdict = last as RiskVerdict;
    await transact(fresh.database, (x) => services.risk.engine.record(x, verdict, 'draw-w2-3', 500));
    await settle();
    const after = await decide(attempt('w2'));
    expect(after.f.customer).toMatchObject({ draws_30d: 4, draws_before_win: 2 });
    await transact(fresh.database, (x) => services.risk.engine.record(x, after.v, 'draw-w2-4', 500));
    await settle();
    expect((await decide(attempt('w2'))).f.customer.draws_before_win).toBe(2);
  });

  it('draws from one network in the same second are counted as the customer’s share of crowded draws', async () => {
    now = T0 + 10 * 86_400_000;
    const net = (u: string) => attempt(u, { ip: `10.99.1.${u.length}`, now });
    await decide(net('s1'));
    const second = await decide(net('s22'));
    expect(second.f.ip.network_draws_1s).toBe(2);
    await settle();
    now += 5000;
    const alone = await decide(attempt('s22', { ip: '10.99.1.7', now }));
    expect(alone.f.ip.network_draws_1s).toBe(1);
    expect(alone.f.customer.same_second_pct).toBe(50);
  });

  it('an invite tree: depth, fan-out, shared network and device with the inviter, time from invite to draw', async () => {
    now = T0 + 20 * 86_400_000;
    await decide(attempt('root', { ip: '172.16.5.1', deviceId: 'dev-root', now }));
    const child = await decide(attempt('kid', { ip: '172.16.5.9', deviceId: 'dev-root', now, inviter: 'root' }));
    expect(child.f.invite).toMatchObject({
      present: true,
      depth: 1,
      same_network: true,
      same_device: true,
      parent_invitees_1d: 1,
      parent_invitees_30d: 1,
      parent_shared_pct: 100,
    });
    await settle();
    const stranger = await decide(attempt('far', { ip: '192.0.2.1', deviceId: 'dev-far', now, inviter: 'root' }));
    expect(stranger.f.invite).toMatchObject({
      depth: 1,
      same_network: false,
      same_device: false,
      parent_shared_pct: 50,
    });
    await settle();
    now += 7 * MIN;
    const kidDraws = await decide(attempt('kid', { ip: '172.16.5.9', now }));
    expect(kidDraws.f.customer).toMatchObject({ invite_depth: 1, invited_to_draw_min: 7 });
    const grandchild = await decide(attempt('grand', { ip: '203.0.113.5', now, inviter: 'kid' }));
    expect(grandchild.f.invite.depth).toBe(2);
  });

  it('a refused invite places no one in the tree', async () => {
    now = T0 + 30 * 86_400_000;
    await enforceRules(
      fresh.database,
      'demo',
      [{ id: 'no_invites', name: '拒绝邀请', expr: 'invite.present', action: 'block' }],
      now,
    );
    const refused = await decide(attempt('nobody', { now, inviter: 'root' }));
    expect(refused.v.action).toBe('block');
    await settle();
    await enforceRules(fresh.database, 'demo', [{ id: 'never', name: '从不', expr: 'false', action: 'block' }], now);
    const draw = await decide(attempt('nobody', { now: now + MIN }));
    expect(draw.f.customer).toMatchObject({ invite_depth: 0, invited_to_draw_min: -1 });
  });
});

describe.each(kinds)("a bank's own engine on %s: the same features, the same actions", (kind) => {
  let fresh: TestDb;
  const seen: Record<string, unknown>[] = [];
  let answer: (f: Features) => Promise<{ action: RiskVerdict['action']; rule: string }> = async () => ({
    action: 'allow',
    rule: 'ok',
  });
  const services = (policy: 'open' | 'closed') =>
    createServices({
      database: fresh.database,
      config: testConfig({ risk: { failPolicy: policy, failOpenPerMinute: 100 } }),
      clock: () => T0,
      bankRisk: async ({ features }) => {
        seen.push(features);
        return answer(features as unknown as Features);
      },
    });
  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    await enforceRules(
      fresh.database,
      'demo',
      [{ id: 'repeat', name: '重复', expr: 'customer.draws_1m >= 3', action: 'hold' }],
      T0,
    );
  });
  afterAll(async () => {
    await fresh.drop();
  });
  const attempt = (userId: string): RiskAttempt => ({
    corpId: 'demo',
    actId: 'wheel',
    userId,
    ip: '10.1.1.1',
    deviceId: 'dev-bank',
    mobile: '13800002222',
    signedUpAt: T0 - MIN,
    sessionStartedAt: T0,
    loginMethod: 'otp',
    grayFlag: null,
    now: T0,
  });

  it('is asked with the features the decision stores; its block outranks the rules’ hold and is named', async () => {
    const s = services('open');
    answer = async (f) =>
      Number(f.device.accounts_1d) >= 2 ? { action: 'block', rule: '设备多账户' } : { action: 'allow', rule: 'ok' };
    const first = await s.risk.engine.decide(attempt('b1'), null);
    expect(first.action).toBe('allow');
    expect(seen.at(-1)).toEqual(JSON.parse((first.record as { features: string }).features));
    await s.risk.engine.decide(attempt('b2'), null);
    await s.risk.engine.decide(attempt('b2'), null);
    const third = await s.risk.engine.decide(attempt('b2'), null);
    expect(third.action).toBe('block');
    expect(third.matched).toEqual(['repeat', 'bank:设备多账户']);
    await s.risk.close();
  });

  it('a bank that fails or is late: open draws on unheard, closed refuses with RISK_UNAVAILABLE', async () => {
    answer = async () => {
      throw new Error('bank down');
    };
    const open = services('open');
    const v = await open.risk.engine.decide(attempt('b3'), null);
    expect(v.action).toBe('allow');
    expect(v.matched).toEqual([]);
    await open.risk.close();
    answer = () => new Promise((r) => setTimeout(() => r({ action: 'allow', rule: 'late' }), 600));
    const closed = services('closed');
    await expect(closed.risk.engine.decide(attempt('b4'), null)).rejects.toMatchObject({
      errorName: 'RISK_UNAVAILABLE',
    });
    answer = async () => ({ action: 'reward' as never, rule: '?' });
    await expect(closed.risk.engine.decide(attempt('b5'), null)).rejects.toMatchObject({
      errorName: 'RISK_UNAVAILABLE',
    });
    await closed.risk.close();
  });
});

/** A wheel in a risk-checked group that states its own fail policy (or none: the deployment's). */
const policyWheel = (id: string, policy: string) => `
groups:
  - { id: ${id}-grp, corp: demo, showActIds: [${id}], rocc: 1${policy ? `, ${policy}` : ''} }
${activityYaml(id, {
  more: `    group: ${id}-grp`,
  prizes: '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
})}`;

describe.each(kinds)('each campaign follows its own fail policy on %s', (kind) => {
  let t: TestApp;
  const { publish, login, draw } = campaignActions(() => t);
  beforeAll(async () => {
    // Nothing listens on port 1: the counters cannot be reached. The deployment's default is open, 100 a minute.
    const config = testConfig({
      redis: { url: REDIS_URL.replace(/:\d+$/, ':1'), prefix: 'test:policy:' },
      risk: { failPolicy: 'open', failOpenPerMinute: 100 },
    });
    t = await startTestApp(kind, { config });
    await publish(policyWheel('fp-closed', 'riskFailPolicy: closed'));
    await publish(policyWheel('fp-capped', 'riskFailPolicy: open, riskFailOpenPerMinute: 2'));
    await publish(policyWheel('fp-default', ''));
    await enforceRules(t.database, 'demo', [{ id: 'never', name: '从不', expr: 'false', action: 'block' }], T0);
  });
  afterAll(async () => t?.close());

  it('closed refuses with 503, open draws on up to the campaign’s own cap, none stated keeps the deployment’s', async () => {
    const cookie = await login('13700008801');
    const closed = await draw(cookie, 'fp-closed');
    expect(closed.statusCode).toBe(503);
    expect(body(closed).code).toBe(2021);
    const capped = [];
    for (let i = 0; i < 3; i++) capped.push(body(await draw(cookie, 'fp-capped')).code);
    expect(capped).toEqual([0, 0, 2021]);
    const plain = [];
    for (let i = 0; i < 3; i++) plain.push(body(await draw(cookie, 'fp-default')).code);
    expect(plain).toEqual([0, 0, 0]);
  });

  it('a policy that is not one is refused when the campaign file is read; no group is stored', async () => {
    await expect(publish(policyWheel('fp-bad', 'riskFailPolicy: sometimes'))).rejects.toThrow();
    const row = await t.database.db
      .selectFrom('activity_group')
      .select('id')
      .where('id', '=', 'fp-bad-grp')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
