import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDb } from '../testing/harness';
import type { SqliteTx } from './connection';
import { prepared, statementName } from './prepared';

const kinds = await dialects();

describe.each(kinds)('prepared queries on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase(kind);
    await t.database.db
      .insertInto('corp')
      .values([
        { id: 'a', name: 'A', white_listed: 1, gray: 0, app_secret: 's', created_at: 1 },
        { id: 'b', name: 'B', white_listed: 0, gray: 1, app_secret: 's', created_at: 2 },
      ])
      .execute();
  });
  afterAll(async () => t?.drop());

  const byFlag = prepared<{ white: number; after: number }, { id: string }>((db, p) =>
    db
      .selectFrom('corp')
      .select('id')
      .where('white_listed', '=', p('white'))
      .where('created_at', '>', p('after'))
      .where('gray', '>=', 0),
  );

  it('binds parameters by name on every call and keeps constants', async () => {
    expect((await byFlag(t.database.db, { white: 1, after: 0 })).rows).toEqual([{ id: 'a' }]);
    expect((await byFlag(t.database.db, { white: 0, after: 0 })).rows).toEqual([{ id: 'b' }]);
    expect((await byFlag(t.database.db, { white: 0, after: 2 })).rows).toEqual([]);
  });

  it('never names a plannedPerCall query, even when another definition compiles to the same SQL', async () => {
    const build = (db: Parameters<Parameters<typeof prepared>[0]>[0]) =>
      db.selectFrom('corp').select('id').where('name', '=', 'A');
    const sqlText = build(t.database.db).compile().sql;
    const named = prepared<Record<string, never>, { id: string }>(build);
    expect((await named(t.database.db, {})).rows).toEqual([{ id: 'a' }]);
    expect(statementName(sqlText)).toMatch(/^campaign_q\d+$/);
    const perCall = prepared<Record<string, never>, { id: string }>(build, { plannedPerCall: true });
    expect((await perCall(t.database.db, {})).rows).toEqual([{ id: 'a' }]);
    expect(statementName(sqlText)).toBeUndefined();
  });

  it('runs inside a transaction and sees its writes', async () => {
    await t.database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('corp')
        .values({ id: 'c', name: 'C', white_listed: 1, gray: 0, app_secret: 's', created_at: 3 })
        .execute();
      expect((await byFlag(tx, { white: 1, after: 2 })).rows).toEqual([{ id: 'c' }]);
    });
  });
});

describe('prepared queries run synchronously on SQLite', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase('sqlite');
  });
  afterAll(async () => t?.drop());

  const insertCorp = prepared<{ id: string; at: number }, never>((db, p) =>
    db
      .insertInto('corp')
      .values({ id: p('id'), name: 'X', white_listed: 0, gray: 0, app_secret: 's', created_at: p('at') }),
  );
  const after = prepared<{ after: number }, { id: string }>((db, p) =>
    db.selectFrom('corp').select('id').where('created_at', '>', p('after')).orderBy('id'),
  );

  it('gives the same rows and change counts as through Kysely', async () => {
    if (!t.database.sqlite) throw new Error('no SQLite connection');
    // As a transaction body sees it (db/tx.ts): opaque.
    const conn = t.database.sqlite as unknown as SqliteTx;
    expect(insertCorp.run(conn, { id: 'x', at: 5 })).toBe(1);
    await insertCorp(t.database.db, { id: 'y', at: 6 });
    expect(after.all(conn, { after: 4 })).toEqual([{ id: 'x' }, { id: 'y' }]);
    expect((await after(t.database.db, { after: 5 })).rows).toEqual(after.all(conn, { after: 5 }));
    expect(after.all(conn, { after: 6 })).toEqual([]);
  });
});

describe.runIf(kinds.includes('postgres'))('prepared queries on PostgreSQL are named statements', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshDatabase('postgres');
    await t.database.db
      .insertInto('corp')
      .values({ id: 'n', name: 'N', white_listed: 1, gray: 0, app_secret: 's', created_at: 1 })
      .execute();
  });
  afterAll(async () => t?.drop());

  const named = prepared<{ id: string }, { name: string }>((db, p) =>
    db.selectFrom('corp').select('name').where('id', '=', p('id')),
  );
  const starred = prepared<{ id: string }, { id: string }>((db, p) =>
    db.selectFrom('corp').selectAll().where('id', '=', p('id')),
  );
  /** Statements this connection holds, after running `work` on it. */
  async function preparedOn(work: (tx: import('kysely').Transaction<import('./schema').DB>) => Promise<unknown>) {
    return t.database.db.transaction().execute(async (tx) => {
      await work(tx);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx);
      return rows.map((r) => r.statement);
    });
  }

  it('parses a listed-columns query once per connection; a `*` query stays unnamed', async () => {
    const held = await preparedOn(async (tx) => {
      expect((await named(tx, { id: 'n' })).rows).toEqual([{ name: 'N' }]);
      expect((await named(tx, { id: 'n' })).rows).toEqual([{ name: 'N' }]);
      expect((await starred(tx, { id: 'n' })).rows).toHaveLength(1);
    });
    expect(held.some((s) => s.includes('select "name" from "corp"'))).toBe(true);
    expect(held.some((s) => s.includes('select * from "corp"'))).toBe(false);
  });

  it('keeps answering after another node adds a column (a rolling upgrade)', async () => {
    await preparedOn(async (tx) => named(tx, { id: 'n' }));
    await sql`alter table corp add column probe_extra integer`.execute(t.database.db);
    for (let i = 0; i < 25; i++) expect((await named(t.database.db, { id: 'n' })).rows).toEqual([{ name: 'N' }]);
    expect((await starred(t.database.db, { id: 'n' })).rows[0]).toHaveProperty('probe_extra', null);
  });
});
