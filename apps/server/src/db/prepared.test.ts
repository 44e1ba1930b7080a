import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDb } from '../testing/harness';
import { prepared } from './prepared';

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
