import type { DrawResult } from '@campaign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { handOver } from '../../db/owners';
import { activityYaml, campaignActions } from '../../testing/campaign';
import { body, dialects, startTestApp, type TestApp } from '../../testing/harness';

const kinds = await dialects();

/**
 * A prize's stock in buckets on PostgreSQL (ADR 0052): many draws at once across batches and buckets give
 * exactly min(draws, stock) units, never one more, the remainder is still there, and the record verifies.
 */
describe.each(kinds)('stock under simultaneous draws on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { config: testConfig({ maxDrawsInFlight: 5000 }) });
  });
  afterAll(async () => t?.close());
  const { publish, login, draw } = campaignActions(() => t);

  const hotOnly = (id: string, stock: number) =>
    activityYaml(id, {
      chances: '{ perActivity: 100 }',
      prizes: [
        `      - { id: hot, name: 爆款, kind: coupon, image: /prizes/coupon.svg, weight: 1, stock: ${stock}, valueCents: 100 }`,
        '      - { id: thanks, name: 谢谢, kind: thanks, image: /prizes/thanks.svg, weight: 0, consolation: true }',
      ].join('\n'),
    });

  async function stock(actId: string) {
    const prize = await t.database.db
      .selectFrom('prize')
      .select('left_stock')
      .where('corp_id', '=', 'demo')
      .where('act_id', '=', actId)
      .where('id', '=', 'hot')
      .executeTakeFirstOrThrow();
    const buckets = await t.database.db
      .selectFrom('prize_stock_bucket')
      .select('left_stock')
      .where('corp_id', '=', 'demo')
      .where('act_id', '=', actId)
      .where('prize_id', '=', 'hot')
      .execute();
    return {
      buckets: buckets.length,
      left: (prize.left_stock ?? 0) + buckets.reduce((s, b) => s + b.left_stock, 0),
    };
  }
  async function awarded(actId: string) {
    const r = await t.database.db
      .selectFrom('award')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('act_id', '=', actId)
      .where('prize_id', '=', 'hot')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  async function drawAll(actId: string, users: number, each: number) {
    const cookies: string[] = [];
    for (let i = 0; i < users; i++) cookies.push(await login());
    const answers = await Promise.all(cookies.flatMap((c) => Array.from({ length: each }, () => draw(c, actId))));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    return answers.map((a) => body<DrawResult>(a).data);
  }

  it('160 draws at once against stock 48: exactly 48 awarded, the rest the consolation prize', async () => {
    await publish(hotOnly('rush-buckets', 48));
    const before = await stock('rush-buckets');
    // PostgreSQL splits the stock; SQLite (one writer at a time) keeps it on the prize row.
    // A bucket holds 4 units at least, and a prize has 32 buckets at most (activity/stock.ts STOCK_BUCKETS).
    expect(before).toEqual({ buckets: kind === 'postgres' ? 12 : 0, left: 48 });
    const results = await drawAll('rush-buckets', 40, 4);
    expect(results.filter((r) => r.prize.id === 'hot')).toHaveLength(48);
    expect(results.filter((r) => r.prize.id === 'thanks' && r.fallback)).toHaveLength(112);
    expect(await awarded('rush-buckets')).toBe(48);
    expect((await stock('rush-buckets')).left).toBe(0);
    await t.services.publishing.end('demo', 'rush-buckets');
    const verified = body<{ ok: boolean; checked: number }>(
      await t.app.inject('/bmcs/api/activity/verify?corpId=demo&actId=rush-buckets'),
    );
    expect(verified.data).toMatchObject({ ok: true, checked: 160 });
  }, 120_000);

  it('a unit given back never lifts the stock past its total, wherever the stock sits', async () => {
    await publish(hotOnly('full-buckets', 40));
    expect((await stock('full-buckets')).left).toBe(40);
    // Nothing was given out: a return (a bug, a replay) must not make a 41st unit.
    await t.database.db
      .transaction()
      .execute((tx) => t.services.stock.returnStock(handOver(tx), 'demo', 'full-buckets', 'hot'));
    expect((await stock('full-buckets')).left).toBe(40);
    const [won] = await drawAll('full-buckets', 1, 1);
    expect(won?.prize.id).toBe('hot');
    expect((await stock('full-buckets')).left).toBe(39);
    await t.database.db
      .transaction()
      .execute((tx) => t.services.stock.returnStock(handOver(tx), 'demo', 'full-buckets', 'hot'));
    await t.database.db
      .transaction()
      .execute((tx) => t.services.stock.returnStock(handOver(tx), 'demo', 'full-buckets', 'hot'));
    expect((await stock('full-buckets')).left).toBe(40);
  }, 60_000);

  it('30 draws at once against stock 100: all 30 win, 70 left; a restock keeps what was given out', async () => {
    await publish(hotOnly('calm-buckets', 100));
    const results = await drawAll('calm-buckets', 10, 3);
    expect(results.every((r) => r.prize.id === 'hot' && !r.fallback)).toBe(true);
    expect(await awarded('calm-buckets')).toBe(30);
    expect((await stock('calm-buckets')).left).toBe(70);
    const surplus = body<{ surplusInfo: { prizes: { prizeId: string; left: number | null }[] } }>(
      await t.app.inject({
        url: '/bmcs/api/v2/activity/surplus?corpId=demo&actId=calm-buckets',
        headers: { cookie: await login(), 'x-campaign-client': 'h5' },
      }),
    );
    expect(surplus.data.surplusInfo.prizes).toContainEqual({ prizeId: 'hot', left: 70 });
    // Republished with 20 more: 90 left, spread again over the buckets.
    await publish(hotOnly('calm-buckets', 120));
    expect(await stock('calm-buckets')).toEqual({
      buckets: kind === 'postgres' ? 22 : 0,
      left: 90,
    });
  }, 120_000);
});
