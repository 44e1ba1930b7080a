import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { parseDefinition } from '../../campaign-file/definition';
import { applyDefinition } from '../../campaign-file/import';
import { seedDemo } from '../../cli/seed';
import { testConfig } from '../../config';
import { type Database_, openDatabase } from '../../db';
import { createServices } from '../../services';
import { activityYaml } from '../../testing/campaign';
import {
  body,
  cookieJar,
  dialects,
  freshDatabase,
  H5,
  REDIS_URL,
  redisAnswers,
  redisForTest,
  T0,
  type TestDb,
} from '../../testing/harness';
import { enforceRules } from '../../testing/risk';

const kinds = await dialects();
const withRedis = await redisAnswers();
const setups = [
  ...kinds.map((kind) => ({ kind, redis: false })),
  ...(withRedis ? kinds.map((kind) => ({ kind, redis: true })) : []),
];

const WHEEL = `
groups:
  - { id: nodes-grp, corp: demo, showActIds: [nodes-wheel], rocc: 1 }
${activityYaml('nodes-wheel', {
  chances: '{ perDay: 100 }',
  more: '    group: nodes-grp',
  prizes: '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }',
})}`;

async function nodes(database: Database_, second: Database_ | null, config: ReturnType<typeof testConfig>) {
  const apps: FastifyInstance[] = [];
  for (const db of [database, second ?? database]) {
    const app = await buildApp({ services: createServices({ database: db, config, clock: () => T0 }) });
    await app.ready();
    apps.push(app);
  }
  return apps;
}

async function signIn(app: FastifyInstance, mobile: string) {
  const jar = cookieJar();
  const res = await app.inject({
    method: 'POST',
    url: '/bmcs/api/auth/otp/login?corpId=demo',
    headers: H5,
    payload: { mobile, code: '123456' },
    remoteAddress: '10.66.0.1',
  });
  jar.take(res);
  return jar.header();
}

const drawOn = (app: FastifyInstance, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/bmcs/api/v2/lottery?corpId=demo',
    headers: { ...H5, cookie, 'idempotency-key': randomUUID() },
    payload: { actId: 'nodes-wheel' },
  });

describe.each(setups)('risk counters shared by two nodes on $kind (redis: $redis)', ({ kind, redis }) => {
  let fresh: TestDb;
  let second: Database_ | null = null;
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    fresh = await freshDatabase(kind);
    const first = fresh.database;
    second = kind === 'sqlite' && first.sqlitePath ? openDatabase({ kind: 'sqlite', path: first.sqlitePath }) : null;
    const config = testConfig({ redis: redis ? redisForTest() : null });
    const services = createServices({ database: first, config });
    await seedDemo(first.db, services.publishing, T0);
    await applyDefinition(first.db, services.publishing, parseDefinition(WHEEL, 't.yaml', T0), T0);
    await enforceRules(
      first,
      'demo',
      [{ id: 'burst', name: '一分钟内多次', expr: 'customer.draws_1m >= 4', action: 'block' }],
      T0,
    );
    apps = await nodes(first, second, config);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await fresh?.drop();
  });

  it('a customer drawing on both nodes in turn is counted once across them', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await signIn(a, '13900007001');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(body(await drawOn(i % 2 === 0 ? a : b, cookie)).code);
    expect(codes).toEqual([0, 0, 0, 2007, 2007]);
  });
});

describe.runIf(withRedis)('risk counters when Redis stops answering', () => {
  for (const policy of ['open', 'closed'] as const) {
    it(`fail ${policy}: ${policy === 'open' ? 'draws go on, capped' : 'draws are refused with 503'}`, async () => {
      const fresh = await freshDatabase('sqlite');
      // Nothing listens on port 1: every counter call fails at once.
      const config = testConfig({
        redis: { url: REDIS_URL.replace(/:\d+$/, ':1'), prefix: 'test:down:' },
        risk: { failPolicy: policy, failOpenPerMinute: 2 },
      });
      const services = createServices({ database: fresh.database, config, clock: () => T0 });
      const app = await buildApp({ services });
      try {
        await seedDemo(fresh.database.db, services.publishing, T0);
        await applyDefinition(fresh.database.db, services.publishing, parseDefinition(WHEEL, 't.yaml', T0), T0);
        await enforceRules(
          fresh.database,
          'demo',
          [{ id: 'burst', name: '一分钟内多次', expr: 'customer.draws_1m >= 100', action: 'block' }],
          T0,
        );
        const cookie = await signIn(app, '13900007002');
        const answers = [];
        for (let i = 0; i < 3; i++) answers.push(await drawOn(app, cookie));
        if (policy === 'open') {
          expect(answers.map((r) => body(r).code)).toEqual([0, 0, 2021]);
        } else {
          expect(answers.map((r) => r.statusCode)).toEqual([503, 503, 503]);
          expect(body(answers[0] as never).code).toBe(2021);
          expect(answers[0]?.headers['retry-after']).toBeTruthy();
        }
      } finally {
        await app.close();
        await fresh.drop();
      }
    });
  }
});
