import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { parseDefinition } from './campaign-file/definition';
import { applyDefinition } from './campaign-file/import';
import { seedDemo } from './cli/seed';
import { loadConfig, testConfig } from './config';
import { type Database_, openDatabase } from './db';
import { createServices } from './services';
import { activityYaml } from './testing/campaign';
import {
  cookieJar,
  dialects,
  freshDatabase,
  H5,
  REDIS_URL,
  redisAnswers,
  redisForTest,
  T0,
  type TestDb,
} from './testing/harness';

const kinds = await dialects();
const withRedis = await redisAnswers();
const setups = [
  ...kinds.map((kind) => ({ kind, redis: false })),
  ...(withRedis ? kinds.map((kind) => ({ kind, redis: true })) : []),
];

/**
 * Two app instances on one database (and one Redis), as two nodes or two WORKERS processes are: on SQLite
 * the second opens the file on its own connection, as another process does.
 */
describe.each(setups)('limits shared by two instances on $kind (redis: $redis)', ({ kind, redis }) => {
  const LOGIN_LIMIT = 30;
  const FAIRNESS_LIMIT = 10;
  let fresh: TestDb;
  let second: Database_ | null = null;
  const apps: FastifyInstance[] = [];
  const config = testConfig({
    rateLimits: {
      loginPerMinute: LOGIN_LIMIT,
      drawPerSecond: 20,
      trackingPerMinute: 40,
      fairnessPerMinute: FAIRNESS_LIMIT,
    },
    redis: redis ? redisForTest() : null,
  });

  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    const first = fresh.database;
    second = kind === 'sqlite' && first.sqlitePath ? openDatabase({ kind: 'sqlite', path: first.sqlitePath }) : null;
    for (const database of [first, second ?? first]) {
      const services = createServices({ database, config, clock: () => T0 });
      const app = await buildApp({ services });
      await app.ready();
      apps.push(app);
    }
    await seedDemo(first.db, createServices({ database: first, config }).publishing, T0);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await fresh?.drop();
  });

  it(`stores its counters where every instance sees them (${redis ? 'redis' : kind})`, () => {
    expect(createServices({ database: fresh.database, config }).limits.store).toBe(
      redis ? 'redis' : kind === 'postgres' ? 'postgres' : 'sqlite',
    );
  });

  /** A wrong-code log-in from `ip` through instance `n` (0 or 1): counted by the log-in limit either way. */
  const loginCall = (n: number, ip: string) =>
    apps[n % 2]?.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      headers: H5,
      payload: { mobile: '13900001234', code: '000000' },
      remoteAddress: ip,
    });

  it('60 concurrent log-in calls from one address through both instances: 30 answered, 30 × 429', async () => {
    const answers = await Promise.all(Array.from({ length: 2 * LOGIN_LIMIT }, (_, i) => loginCall(i, '10.77.0.1')));
    const statuses = answers.map((r) => r?.statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LOGIN_LIMIT);
    expect(statuses.filter((s) => s !== 429 && s !== 200)).toEqual([]);
    // Another address has its own allowance, on either instance.
    expect((await loginCall(1, '10.77.0.2'))?.statusCode).toBe(200);
  });

  it('tracking calls of one address count once across instances, with Retry-After', async () => {
    const calls = Array.from({ length: 60 }, (_, i) =>
      apps[i % 2]?.inject({
        method: 'POST',
        url: '/bmcs/api/v2/webpage/visit?corpId=demo',
        headers: H5,
        payload: { actId: 'wheel-spring', visitType: 'PV' },
        remoteAddress: '10.77.0.3',
      }),
    );
    const answers = await Promise.all(calls);
    const limited = answers.filter((r) => r?.statusCode === 429);
    expect(limited).toHaveLength(20);
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("the public verify page's look-ups of one address count once across instances: then 429 in Chinese", async () => {
    const lookUp = (n: number, ip: string) =>
      apps[n % 2]?.inject({
        url: `/bmcs/api/fairness/draw?corpId=demo&drawId=no-such-draw-${n}`,
        headers: { 'accept-language': 'zh-CN' },
        remoteAddress: ip,
      });
    const answers = await Promise.all(Array.from({ length: 2 * FAIRNESS_LIMIT }, (_, i) => lookUp(i, '10.77.0.4')));
    const limited = answers.filter((r) => r?.statusCode === 429);
    expect(limited).toHaveLength(FAIRNESS_LIMIT);
    // The others were looked up (no such draw); the refusals are the envelope, with a Retry-After.
    expect(answers.filter((r) => r?.statusCode === 404)).toHaveLength(FAIRNESS_LIMIT);
    expect(limited[0]?.json()).toEqual({ code: 429, data: '操作过于频繁，请稍后再试' });
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own allowance.
    expect((await lookUp(0, '10.77.0.5'))?.statusCode).toBe(404);
  });

  it('the risk rules count a customer’s draws of a rocc-on campaign across instances (issue 35)', async () => {
    const services = createServices({ database: fresh.database, config, clock: () => T0 });
    const file = `
groups:
  - { id: shared-risk, corp: demo, showActIds: [shared-risky], rocc: 1 }
${activityYaml('shared-risky', {
  chances: '{ perDay: 100 }',
  more: '    group: shared-risk',
  prizes: '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
})}`;
    await applyDefinition(fresh.database.db, services.publishing, parseDefinition(file, 'risk.yaml', T0), T0);
    const jar = cookieJar();
    const login = await apps[0]?.inject({
      method: 'POST',
      url: '/bmcs/api/auth/otp/login?corpId=demo',
      headers: H5,
      payload: { mobile: '13900005678', code: '123456' },
      remoteAddress: '10.77.0.6',
    });
    if (login) jar.take(login);
    const codes: number[] = [];
    // Alternately through each instance: five new draws in the window, then the velocity rule refuses.
    for (let i = 0; i < 8; i++) {
      const r = await apps[i % 2]?.inject({
        method: 'POST',
        url: '/bmcs/api/v2/lottery?corpId=demo',
        headers: { ...H5, cookie: jar.header(), 'idempotency-key': `shared-risk-${i}` },
        payload: { actId: 'shared-risky' },
        remoteAddress: '10.77.0.6',
      });
      codes.push(r?.json().code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 2007, 2007, 2007]);
  });
});

describe.runIf(withRedis)('limits when Redis stops answering', () => {
  it('fall back to per-process counting instead of failing requests', async () => {
    const fresh = await freshDatabase('sqlite');
    // Nothing listens on port 1: every Redis call fails at once.
    const config = testConfig({
      rateLimits: { loginPerMinute: 3, drawPerSecond: 20, trackingPerMinute: 40 },
      redis: { url: REDIS_URL.replace(/:\d+$/, ':1'), prefix: 'test:down:' },
    });
    const services = createServices({ database: fresh.database, config, clock: () => T0 });
    const app = await buildApp({ services });
    try {
      await seedDemo(fresh.database.db, services.publishing, T0);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await app.inject({
          method: 'POST',
          url: '/bmcs/api/auth/otp/login?corpId=demo',
          headers: H5,
          payload: { mobile: '13900001235', code: '000000' },
          remoteAddress: '10.77.0.9',
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await app.close();
      await fresh.drop();
    }
  });
});

describe('REDIS_URL', () => {
  it('set: the limits go to that Redis under REDIS_PREFIX; empty counts as unset; another scheme stops the start', () => {
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redis).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      prefix: 'campaign:',
    });
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeNull();
    expect(loadConfig({}).redis).toBeNull();
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.5:6379' })).toThrow(/REDIS_URL/);
  });
});
