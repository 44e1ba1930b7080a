import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Db } from '../../db';
import { depsOf } from '../../platform/services';
import { createServices } from '../../services';
import { dialects, freshDatabase, type TestDb } from '../../testing/harness';
import { createSink, MAX_PENDING_KEYS } from './sink';

const kinds = await dialects();
const T = Date.UTC(2026, 11, 1, 8, 0, 0);

describe.each(kinds)('the request counters while the database is away, on %s', (kind) => {
  let t: TestDb;
  /** The database as the sink sees it: every insert fails while `down`. */
  let down = false;
  beforeAll(async () => {
    t = await freshDatabase(kind);
  });
  afterAll(async () => t?.drop());

  function sinkOnFlakyDatabase() {
    const real = t.database.db;
    const flaky = new Proxy(real, {
      get(target, prop) {
        if (prop === 'insertInto' && down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as Db;
    const { base } = createServices({ database: t.database, config: testConfig() });
    return createSink(depsOf('stats', { ...base, database: { ...t.database, db: flaky } }));
  }

  const stored = async (actId: string) => {
    const rows = await t.database.db
      .selectFrom('stats_delta')
      .select(['metric', 'n', 'cents'])
      .where('act_id', '=', actId)
      .execute();
    const sums: Record<string, number> = {};
    for (const r of rows) sums[r.metric] = (sums[r.metric] ?? 0) + Number(r.n);
    return { sums, rows: rows.length };
  };

  it('keeps the counters through an outage and stores every one when the database answers again', async () => {
    const sink = sinkOnFlakyDatabase();
    const act = `outage-${kind}`;
    const calls = (n: number, at: number) => {
      for (let i = 0; i < n; i++) {
        sink.count({ corpId: 'demo', actId: act, at: at + i, metric: 'req' });
        if (i % 3 === 0) sink.count({ corpId: 'demo', actId: act, at: at + i, metric: 'err' });
      }
    };
    calls(30, T);
    await sink.flush();
    down = true;
    calls(300, T + 1_000);
    await sink.flush();
    calls(300, T + 120_000);
    await sink.flush();
    expect((await stored(act)).sums).toEqual({ req: 30, err: 10 });
    down = false;
    calls(30, T + 300_000);
    await sink.flush();
    const after = await stored(act);
    expect(after.sums).toEqual({ req: 660, err: 220 });
    // Merged: one row per key and minute, not one per call.
    expect(after.rows).toBeLessThan(40);
    sink.close();
  });

  it('retries by itself once the database is back, with no new event to wake it', async () => {
    const sink = sinkOnFlakyDatabase();
    const act = `retry-${kind}`;
    down = true;
    for (let i = 0; i < 5; i++) sink.count({ corpId: 'demo', actId: act, at: T, metric: 'err' });
    await sink.flush();
    down = false;
    await expect.poll(async () => (await stored(act)).sums, { timeout: 5_000, interval: 100 }).toEqual({ err: 5 });
    sink.close();
  });

  it('holds at most a bounded number of counters during an outage', async () => {
    const sink = sinkOnFlakyDatabase();
    down = true;
    for (let i = 0; i < MAX_PENDING_KEYS + 50; i++)
      sink.count({ corpId: 'demo', actId: `many-${i}`, at: T, metric: 'req' });
    await sink.flush();
    down = false;
    await sink.flush();
    const n = await t.database.db
      .selectFrom('stats_delta')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('act_id', 'like', 'many-%')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(MAX_PENDING_KEYS);
    sink.close();
  });
});
