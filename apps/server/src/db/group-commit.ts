import type { SqliteConnection } from './connection';
import { Overloaded } from './pg-group-commit';

interface Work {
  run: (conn: SqliteConnection) => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  since: number;
  /** Refused past `maxWaitMs`: only a unit whose caller said when its request arrived (a draw). */
  bounded: boolean;
}

export interface GroupCommitOptions {
  /** Most units of work one commit carries; more wait for the next one. */
  maxBatch?: number;
  /** How long a unit may wait for another process to release the write lock before it fails. */
  lockWaitMs?: number;
  /** The connection's busy timeout for everything else, restored after each attempt. */
  busyTimeoutMs?: number;
  /**
   * Past capacity: a unit given a `since` (when its request arrived) and not yet run this long after it is refused
   * (`Overloaded`, 429) instead of waiting on (DRAW_QUEUE_MAX_MS, ADR 0053). Default: no limit (tests, CLI).
   */
  maxWaitMs?: number;
}

const isBusy = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/** The write lock stayed with another process for longer than a unit may wait. */
export class WriteLockTimeout extends Error {
  constructor(waitedMs: number) {
    super(`the SQLite write lock was not free for ${waitedMs} ms`);
    this.name = 'WriteLockTimeout';
  }
}

type Result = { ok: boolean; value: unknown };

/** The statements of a group transaction, prepared once (the connection's statement cache). */
function statementsOf(conn: SqliteConnection, busyTimeoutMs: number) {
  // Prepared once (the connection's statement cache): exec() would parse the SQL on every unit.
  const sql = (text: string) => () => conn.prepare(text).run();
  const begin = sql('BEGIN IMMEDIATE');
  return {
    commit: sql('COMMIT'),
    savepoint: sql('SAVEPOINT unit'),
    release: sql('RELEASE unit'),
    rollbackTo: sql('ROLLBACK TO unit'),
    /** BEGIN IMMEDIATE without waiting: false when another process holds the write lock. */
    tryBegin(): boolean {
      conn.exec('PRAGMA busy_timeout = 0');
      try {
        begin();
        return true;
      } catch (err) {
        if (isBusy(err)) return false;
        throw err;
      } finally {
        conn.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
      }
    },
  };
}
type Statements = ReturnType<typeof statementsOf>;

/**
 * The batch in one transaction, each unit in its own savepoint, and the commit; each unit's result goes to
 * `results`. False: another process holds the write lock (nothing ran).
 */
function runBatch(conn: SqliteConnection, st: Statements, batch: Work[], results: Result[]): boolean {
  if (!st.tryBegin()) return false;
  try {
    for (const w of batch) {
      st.savepoint();
      try {
        results.push({ ok: true, value: w.run(conn) });
        st.release();
      } catch (err) {
        st.rollbackTo();
        st.release();
        results.push({ ok: false, value: err });
      }
    }
    st.commit();
  } catch (err) {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    throw err;
  }
  return true;
}

/** Refuses (`Overloaded`) the bounded units that waited past `maxWaitMs`; returns the rest. */
function refuseOverdue(queue: Work[], maxWaitMs: number): Work[] {
  const now = Date.now();
  return queue.filter((w) => {
    if (!w.bounded || now - w.since <= maxWaitMs) return true;
    w.reject(new Overloaded(`waited ${now - w.since} ms for the SQLite write lock`));
    return false;
  });
}

/** The units of a batch that met another process's lock and may wait on; the others fail (WriteLockTimeout). */
function stillWaiting(batch: Work[], lockWaitMs: number): Work[] {
  const now = Date.now();
  return batch.filter((w) => {
    if (now - w.since < lockWaitMs) return true;
    w.reject(new WriteLockTimeout(now - w.since));
    return false;
  });
}

/**
 * Group commit for SQLite: units of work that arrive in the same turn of the event loop run in one
 * transaction, each in its own savepoint, and share one commit. A commit writes every page it touched
 * to the WAL, so sharing it is what lets one SQLite file keep up with thousands of draws a second.
 *
 * Each unit is synchronous (better-sqlite3), so nothing else runs on the connection between its
 * statements; Kysely's connection lock is held for the whole batch, so no Kysely transaction can be
 * open at the same time. A unit that throws is rolled back to its savepoint and only its caller sees the
 * error; the others commit. A unit's promise settles only after the commit, so nobody is told about a
 * draw that is not stored. If the commit itself fails, every unit of the batch fails.
 *
 * Several server processes may share the file (WORKERS). Taking the write lock never waits inside
 * SQLite, which would freeze this process's event loop: if another process holds it, the batch goes back
 * to the front of the queue and is tried again a millisecond later, collecting more work meanwhile.
 */
export function createGroupCommit(
  conn: SqliteConnection,
  /** Holds Kysely's lock on the connection while `fn` runs. */
  exclusive: (fn: () => Promise<void>) => Promise<void>,
  opts: GroupCommitOptions = {},
) {
  const maxBatch = opts.maxBatch ?? 128;
  const lockWaitMs = opts.lockWaitMs ?? 5_000;
  const maxWaitMs = opts.maxWaitMs ?? Number.POSITIVE_INFINITY;
  const st = statementsOf(conn, opts.busyTimeoutMs ?? 5_000);
  let queue: Work[] = [];
  let scheduled = false;
  let running: Promise<void> = Promise.resolve();

  function schedule(delayMs = 0) {
    if (scheduled) return;
    scheduled = true;
    const go = () => {
      scheduled = false;
      running = running.then(flush);
    };
    if (delayMs > 0) setTimeout(go, delayMs);
    else setImmediate(go);
  }

  async function flush() {
    queue = refuseOverdue(queue, maxWaitMs);
    const batch = queue.splice(0, maxBatch);
    if (!batch.length) return;
    const results: Result[] = [];
    let locked = false;
    try {
      await exclusive(async () => {
        locked = !runBatch(conn, st, batch, results);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
      if (queue.length) schedule();
      return;
    }
    if (locked) {
      queue = [...stillWaiting(batch, lockWaitMs), ...queue];
      if (queue.length) schedule(1);
      return;
    }
    if (queue.length) schedule();
    batch.forEach((w, i) => {
      const r = results[i] as Result;
      if (r.ok) w.resolve(r.value);
      else w.reject(r.value);
    });
  }

  return {
    /** Runs `run` in the next group transaction; settles after that transaction commits. */
    enqueue<T>(run: (conn: SqliteConnection) => T, opts: { since?: number } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const now = Date.now();
        queue.push({
          run,
          resolve: resolve as (v: unknown) => void,
          reject,
          since: Math.min(now, opts.since ?? now),
          bounded: opts.since !== undefined,
        });
        schedule();
      });
    },
    /** Waits until everything enqueued so far has committed or failed (for shutdown). */
    async drain() {
      while (queue.length || scheduled) {
        await new Promise((r) => setTimeout(r, 1));
        await running;
      }
      await running;
    },
  };
}
export type GroupCommit = ReturnType<typeof createGroupCommit>;
