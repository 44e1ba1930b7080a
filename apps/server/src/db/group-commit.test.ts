import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, WriteLockTimeout } from './group-commit';
import { type Database_, openDatabase, type SqliteConnection } from './index';

let dir: string;
let database: Database_;
let conn: SqliteConnection;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  database = openDatabase({ kind: 'sqlite', path: join(dir, 'g.db') });
  conn = database.sqlite as SqliteConnection;
  conn.exec('create table t (k text primary key, v integer not null)');
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (k: string, v: number) => (c: SqliteConnection) => c.prepare('insert into t values (?, ?)').run(k, v);
const rowsOf = () => conn.prepare('select k, v from t order by k').all();

describe('group commit on SQLite', () => {
  it('runs the units of one turn in one transaction and settles each after the commit', async () => {
    let transactions = 0;
    const gc = createGroupCommit(conn, async (fn) => {
      transactions++;
      await fn();
    });
    const units = Array.from({ length: 50 }, (_, i) => gc.enqueue(insert(`k${String(i).padStart(2, '0')}`, i)));
    await Promise.all(units);
    expect(transactions).toBe(1);
    expect(rowsOf()).toHaveLength(50);
  });

  it('rolls back only the unit that failed; the others commit and its caller gets the error', async () => {
    const gc = database.groupCommit;
    if (!gc) throw new Error('no group commit on SQLite');
    const a = gc.enqueue(insert('a', 1));
    const bad = gc.enqueue((c) => {
      insert('b', 2)(c);
      insert('a', 3)(c); // duplicate key: this unit fails after having written b
    });
    const c = gc.enqueue(insert('c', 3));
    await expect(bad).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    await Promise.all([a, c]);
    expect(rowsOf()).toEqual([
      { k: 'a', v: 1 },
      { k: 'c', v: 3 },
    ]);
  });

  it('waits for another process to release the write lock without freezing the event loop', async () => {
    const other = new Database(join(dir, 'g.db'));
    other.exec('BEGIN IMMEDIATE');
    other.prepare('insert into t values (?, ?)').run('other', 0);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    const started = Date.now();
    const unit = database.groupCommit?.enqueue(insert('mine', 1));
    await new Promise((r) => setTimeout(r, 60));
    expect(ticks).toBeGreaterThan(5); // the loop kept turning while the unit waited
    expect(Date.now() - started).toBeLessThan(1000);
    other.exec('COMMIT');
    await unit;
    clearInterval(timer);
    other.close();
    expect(rowsOf()).toEqual([
      { k: 'mine', v: 1 },
      { k: 'other', v: 0 },
    ]);
  });

  it('fails a unit that waited too long for the lock, and stores nothing of it', async () => {
    const gc = createGroupCommit(conn, (fn) => database.db.connection().execute(fn), { lockWaitMs: 50 });
    const other = new Database(join(dir, 'g.db'));
    other.exec('BEGIN IMMEDIATE');
    const unit = gc.enqueue(insert('late', 1));
    await expect(unit).rejects.toBeInstanceOf(WriteLockTimeout);
    other.exec('ROLLBACK');
    other.close();
    expect(rowsOf()).toEqual([]);
  });

  it('refuses a unit whose request arrived longer ago than maxWaitMs (a draw), not one without a since', async () => {
    const gc = createGroupCommit(conn, (fn) => database.db.connection().execute(fn), { maxWaitMs: 100 });
    const old = Date.now() - 150;
    await expect(gc.enqueue(insert('late', 1), { since: old })).rejects.toMatchObject({ code: 'OVERLOADED' });
    await gc.enqueue(insert('fresh', 2), { since: Date.now() });
    await gc.enqueue(insert('unbounded', 3));
    expect(rowsOf()).toEqual([
      { k: 'fresh', v: 2 },
      { k: 'unbounded', v: 3 },
    ]);
  });
});
