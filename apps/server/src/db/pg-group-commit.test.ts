import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDb } from '../testing/harness';
import { sideBySideTransactions } from './index';
import { createPgGroupCommit, LockBusy } from './pg-group-commit';

const onPostgres = (await dialects()).includes('postgres');

describe.runIf(onPostgres)('group commit on PostgreSQL', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await freshDatabase('postgres');
    await sql`create table t (k text primary key, v integer not null)`.execute(t.database.db);
  });
  afterEach(async () => t.drop());

  const put = (k: string, v: number) => sql`insert into t values (${k}, ${v})`;
  const keys = async () =>
    (await sql<{ k: string }>`select k from t order by k`.execute(t.database.db)).rows.map((r) => r.k);
  it('runs the units that arrive together in one transaction, each settling after the commit', async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 64 });
    const seen = new Set<string>();
    const units = Array.from({ length: 40 }, (_, i) =>
      gc.enqueue(async (tx) => {
        await put(`k${String(i).padStart(2, '0')}`, i).execute(tx);
        // Every unit of the batch runs on the same transaction: one backend, one transaction id.
        seen.add((await sql<{ x: string }>`select txid_current()::text x`.execute(tx)).rows[0]?.x ?? '');
        return i;
      }),
    );
    expect(await Promise.all(units)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(seen.size).toBe(1);
    expect(await keys()).toHaveLength(40);
  });

  it('rolls back only the unit that failed; the others commit and its caller gets the error', async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 64 });
    const a = gc.enqueue((tx) => put('a', 1).execute(tx));
    const bad = gc.enqueue(async (tx) => {
      await put('b', 2).execute(tx);
      await put('a', 3).execute(tx); // duplicate key: this unit fails after having written b
    });
    const c = gc.enqueue((tx) => put('c', 3).execute(tx));
    await expect(bad).rejects.toMatchObject({ code: '23505' });
    await Promise.all([a, c]);
    expect(await keys()).toEqual(['a', 'c']);
  });

  it('a unit that meets a lock held by another batch runs again after it, not as an error', async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 2, maxBatch: 1 });
    const signal = () => {
      let fire: () => void = () => {};
      const fired = new Promise<void>((r) => {
        fire = r;
      });
      return { fire, fired };
    };
    const locked = signal();
    const release = signal();
    const firstTry = signal();
    let tries = 0;
    const holder = gc.enqueue(async (tx) => {
      await sql`select pg_advisory_xact_lock(42)`.execute(tx);
      locked.fire();
      await release.fired;
      await put('holder', 1).execute(tx);
    });
    await locked.fired;
    const waiter = gc.enqueue(async (tx) => {
      tries++;
      firstTry.fire();
      const ok = (await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(42) ok`.execute(tx)).rows[0]?.ok;
      if (!ok) throw new LockBusy('lock 42');
      await put('waiter', 2).execute(tx);
    });
    await firstTry.fired;
    await new Promise((r) => setTimeout(r, 20));
    release.fire();
    await Promise.all([holder, waiter]);
    expect(tries).toBeGreaterThan(1);
    expect(await keys()).toEqual(['holder', 'waiter']);
  });

  it('past capacity a unit that waited too long is refused at once, and nothing of it is stored', async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 1, maxWaitMs: 100 });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const slow = gc.enqueue(async (tx) => {
      await held;
      await put('slow', 1).execute(tx);
    });
    const queued = gc.enqueue((tx) => put('queued', 2).execute(tx));
    await new Promise((r) => setTimeout(r, 150));
    const started = Date.now();
    // The queue's oldest unit has waited 150 ms: a newcomer is refused without waiting for a batch.
    await expect(gc.enqueue((tx) => put('late', 3).execute(tx))).rejects.toMatchObject({ code: 'OVERLOADED' });
    expect(Date.now() - started).toBeLessThan(50);
    release();
    await slow;
    // The one that waited behind the slow batch past the limit is refused when its turn comes.
    await expect(queued).rejects.toMatchObject({ code: 'OVERLOADED' });
    expect(await keys()).toEqual(['slow']);
  });

  it('counts the wait from when the request arrived: a unit that spent its time before the queue is refused', async () => {
    const gc = createPgGroupCommit(t.database.db, { maxWaitMs: 100 });
    const now = Date.now();
    await expect(gc.enqueue((tx) => put('old', 1).execute(tx), { since: now - 150 })).rejects.toMatchObject({
      code: 'OVERLOADED',
    });
    await gc.enqueue((tx) => put('fresh', 2).execute(tx), { since: now - 50 });
    expect(await keys()).toEqual(['fresh']);
  });

  /** The pool's clients, each statement counted while it waits for its answer. */
  function countingPool() {
    const pool = t.database.pgPool as NonNullable<typeof t.database.pgPool>;
    const seen = { inFlight: 0, most: 0 };
    const connect = async () => {
      const client = await pool.connect();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      return new Proxy(client, {
        get: (target, key) =>
          key === 'query'
            ? async (...args: unknown[]) => {
                seen.most = Math.max(seen.most, ++seen.inFlight);
                try {
                  return await query(...args);
                } finally {
                  seen.inFlight--;
                }
              }
            : Reflect.get(target, key),
      });
    };
    return {
      seen,
      sideBySide: sideBySideTransactions({ connect } as unknown as Parameters<typeof sideBySideTransactions>[0]),
    };
  }
  const sideBySide = () => sideBySideTransactions(t.database.pgPool as NonNullable<typeof t.database.pgPool>);

  it('keyed units run side by side in one transaction, their statements sent without waiting for the others', async () => {
    const counting = countingPool();
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 64, sideBySide: counting.sideBySide });
    const order: string[] = [];
    const txids = new Set<string>();
    const unit = (name: string) =>
      gc.enqueue(
        async (tx) => {
          txids.add((await sql<{ x: string }>`select txid_current()::text x`.execute(tx)).rows[0]?.x ?? '');
          order.push(`${name}1`);
          await put(name, 1).execute(tx);
          order.push(`${name}2`);
        },
        { key: name },
      );
    await Promise.all([unit('a'), unit('b'), unit('c')]);
    expect(txids.size).toBe(1);
    // One after another this would read a1 a2 b1 b2 c1 c2.
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
    // Kysely's own transaction would have sent them one at a time.
    expect(counting.seen.most).toBe(3);
    expect(await keys()).toEqual(['a', 'b', 'c']);
  });

  it('when a keyed unit fails, the batch runs again with it following the others: only that unit is lost', async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 64, sideBySide: sideBySide() });
    await put('taken', 0).execute(t.database.db);
    const runs = new Map<string, number>();
    const unit = (name: string, then?: string) =>
      gc.enqueue(
        async (tx) => {
          runs.set(name, (runs.get(name) ?? 0) + 1);
          await put(name, 1).execute(tx);
          if (then) await put(then, 2).execute(tx); // a duplicate key: fails after having written `name`
          return name;
        },
        { key: name },
      );
    const [a, bad, c] = await Promise.allSettled([unit('a'), unit('b', 'taken'), unit('c')]);
    expect(a).toMatchObject({ status: 'fulfilled', value: 'a' });
    expect(c).toMatchObject({ status: 'fulfilled', value: 'c' });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    // Side by side first (rolled back whole), then a and c side by side again and b after them.
    expect(Object.fromEntries(runs)).toEqual({ a: 2, b: 2, c: 2 });
    expect(await keys()).toEqual(['a', 'c', 'taken']);
  });

  it('a batch that must run again refuses the units whose request has waited too long, and stores nothing of them', async () => {
    const gc = createPgGroupCommit(t.database.db, {
      concurrency: 1,
      maxBatch: 64,
      maxWaitMs: 200,
      sideBySide: sideBySide(),
    });
    await put('taken', 0).execute(t.database.db);
    const runs = new Map<string, number>();
    const unit = (name: string, since: number, then?: string) =>
      gc.enqueue(
        async (tx) => {
          runs.set(name, (runs.get(name) ?? 0) + 1);
          await put(name, 1).execute(tx);
          // The first attempt is slow (a loaded database), then fails on a duplicate key: rolled back whole.
          if (then) {
            await new Promise((r) => setTimeout(r, 120));
            await put(then, 2).execute(tx);
          }
          return name;
        },
        { key: name, since },
      );
    const now = Date.now();
    // `old` arrived 150 ms ago: still inside the limit when the batch starts, past it when it would run again.
    const [old, fresh, bad] = await Promise.allSettled([
      unit('old', now - 150),
      unit('fresh', now),
      unit('bad', now, 'taken'),
    ]);
    expect(old).toMatchObject({ status: 'rejected', reason: { code: 'OVERLOADED' } });
    expect(fresh).toMatchObject({ status: 'fulfilled', value: 'fresh' });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '23505' } });
    expect(runs.get('old')).toBe(1);
    expect(await keys()).toEqual(['fresh', 'taken']);
  });

  it("a keyed unit that met another batch's lock is not run again in this batch; it runs in a later one", async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 64, sideBySide: sideBySide() });
    let held = true;
    const runs = new Map<string, number>();
    const unit = (name: string) =>
      gc.enqueue(
        async (tx) => {
          runs.set(name, (runs.get(name) ?? 0) + 1);
          if (name === 'b' && held) throw new LockBusy("b's customer");
          await put(name, 1).execute(tx);
          return name;
        },
        { key: name },
      );
    const a = unit('a').then((v) => {
      held = false; // the other batch is done once this one has committed
      return v;
    });
    expect(await Promise.all([a, unit('b'), unit('c')])).toEqual(['a', 'b', 'c']);
    // a and c: side by side, rolled back for b, side by side again. b: once, then in the next batch only.
    expect(Object.fromEntries(runs)).toEqual({ a: 2, b: 2, c: 2 });
    expect(await keys()).toEqual(['a', 'b', 'c']);
  });

  it('a second unit with the same key runs after the first, inside the same batch, and sees its writes', async () => {
    const gc = createPgGroupCommit(t.database.db, { concurrency: 1, maxBatch: 64, sideBySide: sideBySide() });
    const count = (tx: Parameters<Parameters<typeof gc.enqueue>[0]>[0]) =>
      sql<{ n: number }>`select count(*)::int n from t`.execute(tx).then((r) => r.rows[0]?.n);
    const seen: (number | undefined)[] = [];
    const unit = (name: string, key: string) =>
      gc.enqueue(
        async (tx) => {
          seen.push(await count(tx));
          await put(name, 1).execute(tx);
        },
        { key },
      );
    await Promise.all([unit('first', 'k'), unit('other', 'o'), unit('second', 'k')]);
    // first and other side by side (both see none), then second, which sees both.
    expect(seen).toEqual([0, 0, 2]);
    expect(await keys()).toEqual(['first', 'other', 'second']);
  });
});
