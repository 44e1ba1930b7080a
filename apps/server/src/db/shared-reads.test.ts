import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, PG_URL, type TestDb } from '../testing/harness';
import { sideBySideTransactions } from './index';
import { prepared } from './prepared';
import { read } from './tx';

const onPostgres = (await dialects()).includes('postgres');

/** The reads outside transactions share one pipelined connection on PostgreSQL (db/index.ts sharedReads). */
describe.runIf(onPostgres)('shared reads on PostgreSQL', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase('postgres');
    await t.database.db
      .insertInto('corp')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          id: `c${i}`,
          name: `Corp ${i}`,
          white_listed: i % 2,
          gray: 0,
          app_secret: 's',
          created_at: i,
        })),
      )
      .execute();
  });
  afterAll(async () => t?.drop());

  const corpQ = prepared<{ id: string }, { id: string; name: string; created_at: number }>((db, p) =>
    db.selectFrom('corp').select(['id', 'name', 'created_at']).where('id', '=', p('id')),
  );
  const backend = async () => {
    const reads = t.database.pgReads;
    if (!reads) throw new Error('no shared reads on PostgreSQL');
    return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(reads)).rows[0]?.pid;
  };

  it('answers 200 reads sent at once on one connection, each with its own row', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `c${(i * 7) % 200}`);
    const [found, pids] = await Promise.all([
      Promise.all(ids.map((id) => read(t.database, corpQ, { id }))),
      Promise.all(Array.from({ length: 20 }, backend)),
    ]);
    expect(found.map((rows) => rows.map((r) => r.id))).toEqual(ids.map((id) => [id]));
    expect(found.map((rows) => rows[0]?.name)).toEqual(ids.map((id) => `Corp ${id.slice(1)}`));
    expect(new Set(pids).size).toBe(1);
    // A statement that fails fails alone: the reads sent beside it still get their answers.
    const reads = t.database.pgReads as NonNullable<typeof t.database.pgReads>;
    const [bad, good] = await Promise.allSettled([
      sql`select 1 / 0`.execute(reads),
      read(t.database, corpQ, { id: 'c3' }),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good).toMatchObject({ status: 'fulfilled', value: [{ id: 'c3' }] });
  });

  it("sends a side-by-side transaction's statements issued in one turn of the event loop in one write", async () => {
    const pool = t.database.pgPool;
    if (!pool) throw new Error('no pool on PostgreSQL');
    const client = await pool.connect();
    const stream = (
      client as unknown as { connection: { stream: Record<'_write' | '_writev', (...args: unknown[]) => unknown> } }
    ).connection.stream;
    let writes = 0;
    for (const m of ['_write', '_writev'] as const) {
      const original = stream[m].bind(stream);
      stream[m] = (...args: unknown[]) => {
        writes++;
        return original(...args);
      };
    }
    const ids = ['c1', 'c2', 'c3', 'c4', 'c5'];
    const inTurn: number[] = [];
    const found = await sideBySideTransactions({ connect: async () => client } as never)(async (tx) => {
      const before = writes;
      const rows = await Promise.all(ids.map((id) => corpQ(tx, { id })));
      inTurn.push(writes - before);
      // The socket is not left corked: a statement of a later turn goes out (and is answered) on its own.
      const before2 = writes;
      expect((await sql<{ n: number }>`select 42 as n`.execute(tx)).rows).toEqual([{ n: 42 }]);
      inTurn.push(writes - before2);
      return rows;
    });
    expect(found.map((r) => r.rows[0]?.id)).toEqual(ids);
    expect(inTurn).toEqual([1, 1]);
    // A pooled client outside such a transaction writes each statement as it is issued.
    const other = await pool.connect();
    try {
      const s2 = (other as unknown as { connection: { stream: { cork(): void; writableCorked: number } } }).connection
        .stream;
      void other.query('select 1');
      expect(s2.writableCorked).toBe(0);
      await other.query('select 1');
    } finally {
      other.release();
    }
  });

  it('plans a named statement once for all values after five calls, and a plannedPerCall one every call', async () => {
    const reads = t.database.pgReads as NonNullable<typeof t.database.pgReads>;
    const newestQ = prepared<{ after: number }, { id: string }>(
      (db, p) => db.selectFrom('corp').select('id').where('created_at', '>', p('after')).orderBy('created_at', 'desc'),
      { plannedPerCall: true },
    );
    for (let i = 0; i < 8; i++) {
      expect(await read(t.database, corpQ, { id: `c${i}` })).toHaveLength(1);
      expect(await read(t.database, newestQ, { after: 190 + i })).toHaveLength(9 - i);
    }
    const kept = (
      await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(reads)
    ).rows;
    const byId = kept.filter((r) => r.statement.includes('"corp"') && r.statement.includes('"id" = $1'));
    expect(byId).toHaveLength(1);
    expect(byId[0]).toMatchObject({ custom_plans: 5 });
    expect(Number(byId[0]?.generic_plans)).toBeGreaterThanOrEqual(3);
    // Never kept on the connection: parsed and planned with its values on each call.
    expect(kept.filter((r) => r.statement.includes('"created_at" >'))).toEqual([]);
  });

  it('opens a new connection when PostgreSQL ends the shared one', async () => {
    const before = await backend();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [before]);
    await admin.end();
    // The end reaches the client as an error event a moment later; reads after it use a new connection.
    let after: number | undefined;
    for (let i = 0; i < 50 && (after === undefined || after === before); i++) {
      after = await backend().catch(() => undefined);
      if (after === undefined || after === before) await new Promise((r) => setTimeout(r, 20));
    }
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await read(t.database, corpQ, { id: 'c5' })).toEqual([{ id: 'c5', name: 'Corp 5', created_at: 5 }]);
  });
});
