import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from './campaign-file/definition';
import { applyDefinition } from './campaign-file/import';
import { velocityRiskHook } from './modules/draw/risk';
import { createDrawService } from './modules/draw/service';
import { depsOf } from './platform/services';
import type { Corp } from './platform/tenancy';
import { dialects, startTestApp, type TestApp } from './testing/harness';

const kinds = await dialects();

const POINTS_ONLY = `
activities:
  - id: port-points
    corp: demo
    type: wheel
    title: 积分转盘
    startsAt: now-1h
    endsAt: now+10d
    chances: { perDay: 100 }
    rules: <p>规则</p>
    prizes:
      - { id: pts, name: 积分, kind: points, points: 10, image: /prizes/points.svg, weight: 1000000, stock: 5 }
      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 1, consolation: true }
`;

describe.each(kinds)('createServices wires the draw to prizes on %s', (kind) => {
  let t: TestApp;
  const corp: Corp = { id: 'demo', name: 'demo', whiteListed: true, gray: false, appSecret: 'x' };
  let user: {
    id: string;
    corpId: string;
    nuid: string;
    mobile: string | null;
    openId: null;
    loginMethod: 'otp';
    tokenHash: string;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await applyDefinition(
      t.database.db,
      t.services.publishing,
      parseDefinition(POINTS_ONLY, 'p.yaml', t.clock.now),
      t.clock.now,
    );
    const id = randomUUID();
    await t.database.db
      .insertInto('app_user')
      .values({ id, corp_id: 'demo', nuid: `n-${id}`, mobile: null, open_id: null, created_at: t.clock.now })
      .execute();
    user = { id, corpId: 'demo', nuid: `n-${id}`, mobile: null, openId: null, loginMethod: 'otp', tokenHash: '' };
  });
  afterAll(async () => t?.close());

  const count = async (table: 'draw' | 'award' | 'points_ledger' | 'user_activity_stat') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stockLeft = async () =>
    (
      await t.database.db
        .selectFrom('prize')
        .select('left_stock')
        .where('corp_id', '=', 'demo')
        .where('act_id', '=', 'port-points')
        .where('id', '=', 'pts')
        .executeTakeFirstOrThrow()
    ).left_stock;
  const request = () => ({
    actId: 'port-points',
    idemKey: randomUUID(),
    via: 'lottery' as const,
    ip: '127.0.0.1',
    deviceId: null,
    grayFlag: null,
    nuid: user.nuid,
  });

  it('the draw writes its award, ledger line and stock through the ports, in one go', async () => {
    const r = await t.services.draw.draw(corp, user, request());
    expect(r.prize.id).toBe('pts');
    expect(r.award).toMatchObject({ status: 'issued', points: 10 });
    const award = await t.database.db
      .selectFrom('award')
      .selectAll()
      .where('id', '=', r.award?.awardId ?? '')
      .executeTakeFirstOrThrow();
    expect(award.draw_id).toBe(r.drawId);
    expect(await count('points_ledger')).toBe(1);
    expect(await stockLeft()).toBe(4);
  });

  it('a failing award write rolls the whole draw back: no draw, no chance used, no stock taken', async () => {
    const before = {
      draw: await count('draw'),
      award: await count('award'),
      ledger: await count('points_ledger'),
      stock: await stockLeft(),
      stat: await t.database.db
        .selectFrom('user_activity_stat')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    };
    const real = t.services.prizes;
    const draw = createDrawService({
      ...depsOf('draw', t.services.base),
      riskHook: velocityRiskHook(),
      activities: { ...t.services.activity, ...t.services.stock },
      prizes: {
        // The award and its ledger line are written, then the step fails: all of it must go.
        *award(x, a) {
          yield* real.award(x, a);
          throw new Error('award store refused the write');
        },
        awardOfDraw: real.awardOfDraw,
      },
    });
    await expect(draw.draw(corp, user, request())).rejects.toThrow('award store refused the write');
    expect(await count('draw')).toBe(before.draw);
    expect(await count('award')).toBe(before.award);
    expect(await count('points_ledger')).toBe(before.ledger);
    expect(await stockLeft()).toBe(before.stock);
    expect(
      await t.database.db
        .selectFrom('user_activity_stat')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirst(),
    ).toEqual(before.stat);
    // The real wiring still draws afterwards: nothing was left half-written.
    expect((await t.services.draw.draw(corp, user, request())).award?.points).toBe(10);
  });
});
