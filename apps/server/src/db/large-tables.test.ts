import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, freshDatabase, type TestDb } from '../testing/harness';
import { LARGE_TABLE_ROWS } from './index';
import { prepared } from './prepared';
import { read } from './tx';

const onPostgres = (await dialects()).includes('postgres');

/**
 * A look-up in a table that grows with the traffic is planned per call until PostgreSQL's statistics count
 * the table as large, then once for all values (db/index.ts largeTables; ADR 0052, fourth addendum).
 */
describe.runIf(onPostgres)('look-ups in growing tables on PostgreSQL', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase('postgres', { tableSizesEveryMs: 0 });
  });
  afterAll(async () => t?.drop());

  // An earlier draw under a key: three indexes of `draw` lead with corp_id, one is the key's.
  const byKeyQ = prepared<{ corp: string; user: string; key: string }, { id: string }>(
    (db, p) =>
      db
        .selectFrom('draw')
        .select('id')
        .where('corp_id', '=', p('corp'))
        .where('user_id', '=', p('user'))
        .where('idem_key', '=', p('key')),
    { growingTables: ['draw'] },
  );
  const reads = () => t.database.pgReads as NonNullable<typeof t.database.pgReads>;
  const kept = async () =>
    (
      await sql<{ name: string; generic_plans: number }>`
        select name, generic_plans from pg_prepared_statements where statement like '%"idem_key" = $3%'`.execute(
        reads(),
      )
    ).rows;

  it('plans per call while the table is small, then once for all values, on the key index', async () => {
    // Empty, every index costs the same: a plan made once now picked an index on corp_id alone (seen).
    for (let i = 0; i < 8; i++)
      expect(await read(t.database, byKeyQ, { corp: 'demo', user: 'u1', key: 'k' })).toEqual([]);
    expect(await kept()).toEqual([]);

    await sql`
      insert into draw (id, corp_id, act_id, user_id, version, draw_index, nonce, idem_key, request_hash,
                        picked_prize_id, awarded_prize_id, roll_hex, day, created_at)
      select 'd' || g, 'demo', 'act', 'u' || (g % 100), 1, g, 'n', 'k' || g, 'h', 'p', 'p', 'r', '2026-11-24', g
        from generate_series(1, ${LARGE_TABLE_ROWS * 2}) g`.execute(t.database.db);
    await sql`analyze draw`.execute(t.database.db);

    // The size is asked in the background from the next look-up on; the look-ups after it are named.
    await vi.waitFor(
      async () => {
        await read(t.database, byKeyQ, { corp: 'demo', user: 'u7', key: 'k7' });
        expect(await kept()).toHaveLength(1);
      },
      { timeout: 5000, interval: 20 },
    );
    for (let i = 1; i <= 8; i++) {
      const found = await read(t.database, byKeyQ, { corp: 'demo', user: `u${i % 100}`, key: `k${i}` });
      expect(found).toEqual([{ id: `d${i}` }]);
    }
    const [stmt] = await kept();
    expect(Number(stmt?.generic_plans)).toBeGreaterThan(0);
    const name = String(stmt?.name);
    expect(name).toMatch(/^campaign_q\d+$/);
    const plan = (
      await sql<{ 'QUERY PLAN': string }>`explain execute ${sql.raw(name)}('demo', 'u1', 'k1')`.execute(reads())
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    // The plan for all values ($3, not a value) reads the key's unique index.
    expect(plan).toContain('draw_idem_uq');
    expect(plan).toContain('$3');
  });
});
