import { sql } from 'kysely';
import type { Db, Executor } from './connection';
import { isDatabaseUnavailable, isTransientConflict } from './errors';

/** A unit and how it ended: its value, or the error its caller gets. */
type Outcome = [Work, { ok: boolean; value: unknown }];

interface Work {
  run: (tx: Executor) => Promise<unknown>;
  /** Set: the unit may run pipelined beside other keyed units of its batch, one unit per key (see flush). */
  key: string | undefined;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  tries: number;
  parked: number;
  since: number;
  /** The caller said when its request arrived (a draw): it is also refused at the pace batches are taking. */
  paced: boolean;
}

export interface PgGroupCommitOptions {
  /** Most units of work one transaction carries; more wait for the next one. */
  maxBatch?: number;
  /**
   * Batches (each its own transaction on its own pooled connection) open at once in this process. Few and
   * large beat many and small: a pipelined batch's units share its round trips (bench:draw-db, ADR 0052).
   */
  concurrency?: number;
  /** Past capacity: a unit that waited this long for a batch is refused (`Overloaded`) instead of queueing. */
  maxWaitMs?: number;
  /**
   * Runs `fn` in a transaction whose statements are sent as they are issued, without waiting for the answers
   * before them (db/index.ts sideBySideTransactions). Kysely's own transaction sends one statement at a time
   * whoever issues it. Without it every unit runs one after another.
   */
  sideBySide?: <T>(fn: (tx: Executor) => Promise<T>) => Promise<T>;
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;
/** The unit found a lock it does not wait for (`pg_try_advisory_xact_lock`, NOWAIT) held by another batch. */
export const isLockBusy = (err: unknown) => codeOf(err) === '55P03';
/** Thrown by a step that will not wait for a lock another transaction holds: the unit runs in a later batch. */
export class LockBusy extends Error {
  readonly code = '55P03';
  constructor(what: string) {
    super(`${what} is held by another transaction`);
    this.name = 'LockBusy';
  }
}
/** The database is past capacity: the unit was refused before it ran; nothing of it is stored. */
export class Overloaded extends Error {
  readonly code = 'OVERLOADED';
  /** `why`: what is past capacity, e.g. "waited 600 ms for a database batch". */
  constructor(why: string) {
    super(why);
    this.name = 'Overloaded';
  }
}
const waited = (ms: number) => new Overloaded(`waited ${ms} ms for a database batch`);
export const isOverloaded = (err: unknown) => codeOf(err) === 'OVERLOADED';
const MAX_TRIES = 3;
const MAX_PARKED = 50;
/** Thrown inside a pipelined batch's transaction to roll it back and run the batch one unit at a time. */
const PIPELINE_FAILED = new Error('a unit of the pipelined batch failed');
/** Side-by-side attempts at a batch before it runs one unit at a time. */
const PIPELINED_ROUNDS = 3;

/** A group commit's settings and state, shared by its steps below (one per createPgGroupCommit). */
interface PgQueue {
  db: Db;
  maxBatch: number;
  concurrency: number;
  maxWaitMs: number;
  sideBySide: PgGroupCommitOptions['sideBySide'];
  queue: Work[];
  open: number;
  scheduled: boolean;
  idle: (() => void)[];
  /** Units that met a lock held by another open batch: they go back once some batch has finished. */
  parked: Work[];
  parkedTimer: NodeJS.Timeout | null;
  /** How long batches take now: the slowest recent one, fading by a quarter with each batch after it. */
  recentBatchMs: number;
}

function unpark(q: PgQueue) {
  if (q.parkedTimer) clearTimeout(q.parkedTimer);
  q.parkedTimer = null;
  q.queue = [...q.parked, ...q.queue];
  q.parked = [];
}

/**
 * Refuses (429) the units whose request has waited past `maxWaitMs`, and, given the `pace` batches are taking
 * now, a draw that would be answered past twice that; returns the rest. Used on the queue before a batch is
 * taken, and before a batch runs again (its transaction was rolled back, so nothing of it is stored): another
 * attempt under the load that made the first fail would answer late, and a customer waits for the draw or a
 * "try again", not both.
 */
function expire(units: Work[], maxWaitMs: number, pace = 0): Work[] {
  const now = Date.now();
  return units.filter((w) => {
    const wait = now - w.since;
    if (wait <= maxWaitMs && (!w.paced || wait + pace <= 2 * maxWaitMs)) return true;
    w.reject(waited(wait));
    return false;
  });
}

/** Settles the waiting drain() calls once nothing is open, queued or parked. */
function wakeIdle(q: PgQueue) {
  if (!q.open && !q.queue.length && !q.parked.length) for (const f of q.idle.splice(0)) f();
}

function schedule(q: PgQueue) {
  if (q.scheduled || q.open >= q.concurrency || !q.queue.length) return;
  q.scheduled = true;
  // One turn of the event loop lets the requests that arrived together join the same batch.
  setImmediate(() => {
    q.scheduled = false;
    // Past capacity the wait only grows: refuse what waited too long (the caller answers 429 at once). With no
    // batch open there is no pace to go by: the next batch measures it again.
    q.queue = expire(q.queue, q.maxWaitMs, q.open > 0 ? q.recentBatchMs : 0);
    wakeIdle(q);
    if (q.open >= q.concurrency || !q.queue.length) return;
    q.open++;
    const started = Date.now();
    void flush(q, q.queue.splice(0, q.maxBatch)).finally(() => batchDone(q, started));
    schedule(q);
  });
}

/** A batch has ended (committed or not): the pace is measured, parked units go back soon, the next batch goes. */
function batchDone(q: PgQueue, started: number) {
  q.open--;
  q.recentBatchMs = Math.max(Date.now() - started, q.recentBatchMs * 0.75);
  // The holder may be in another process: do not wait for a batch of ours longer than a moment.
  if (q.parked.length && !q.parkedTimer) {
    q.parkedTimer = setTimeout(() => {
      unpark(q);
      schedule(q);
    }, 5);
  }
  wakeIdle(q);
  schedule(q);
}

/**
 * The keyed units of a batch, one per key, run side by side in one transaction whose statements are
 * pipelined (`sideBySide`): each unit sends its next statement when its own answer arrives, without
 * waiting for the other units', so the batch waits about as many round trips as one unit has statements
 * instead of the sum. The rest of the batch (no key, or a key already taken) follows one by one. A keyed
 * unit must touch only its key's own rows, and shared rows only through single atomic statements (a draw:
 * its customer's rows and the stock's conditional decrement), since nothing isolates the units of one
 * transaction from each other. Side by side there are no savepoints: if a unit fails, the transaction is
 * rolled back and the batch runs again with the failed units among those that follow one by one. A unit
 * that failed on a lock another batch holds (`LockBusy`) does not run again in this batch: that batch is
 * still open, so it would only fail again; it goes to a later batch (settle). After PIPELINED_ROUNDS
 * failed rounds, or when fewer than two units are left to run side by side, the rest of the batch runs one
 * unit at a time, where a failure stays its own (null when no unit was locked out: the caller runs the
 * whole batch so). At 500 connections, running one by one what had met another batch's lock, and then the
 * whole batch one by one, made batches of 32 draws take 1–3 s (ADR 0052, third addendum).
 */
async function runPipelined(q: PgQueue, batch: Work[]): Promise<Outcome[] | null> {
  const sideBySide = q.sideBySide;
  if (!sideBySide) return null;
  const oneByOne = new Set<Work>();
  const lockedOut = new Map<Work, unknown>();
  const lockedOutcomes = (): Outcome[] => [...lockedOut].map(([w, err]) => [w, { ok: false, value: err }]);
  for (let round = 0; round < PIPELINED_ROUNDS; round++) {
    // A unit locked out goes to a later batch (settle), where the queue's own deadline applies.
    if (round > 0)
      batch = [
        ...expire(
          batch.filter((w) => !lockedOut.has(w)),
          q.maxWaitMs,
        ),
        ...lockedOut.keys(),
      ];
    const keys = new Set<string>();
    const together: Work[] = [];
    const after: Work[] = [];
    for (const w of batch) {
      if (lockedOut.has(w)) continue;
      if (w.key !== undefined && !keys.has(w.key) && !oneByOne.has(w)) {
        keys.add(w.key);
        together.push(w);
      } else after.push(w);
    }
    if (together.length < 2) break;
    const failed: [Work, unknown][] = [];
    try {
      return await sideBySide(async (tx) => {
        const settled = await Promise.allSettled(together.map((w) => w.run(tx)));
        const done: Outcome[] = [];
        for (const [i, r] of settled.entries()) {
          if (r.status === 'rejected') failed.push([together[i] as Work, r.reason]);
          else done.push([together[i] as Work, { ok: true, value: r.value }]);
        }
        if (failed.length) throw PIPELINE_FAILED;
        return [...done, ...(await inSavepoints(tx, after)), ...lockedOutcomes()];
      });
    } catch (err) {
      if (err !== PIPELINE_FAILED) throw err;
      // The connection was lost (or the database refused to go on): nothing of the batch is stored, and
      // running it again now would only wait for another dead connection. Every unit fails (503).
      const lost = failed.find(([, reason]) => isDatabaseUnavailable(reason));
      if (lost) throw lost[1];
      for (const [w, reason] of failed) {
        if (isLockBusy(reason)) lockedOut.set(w, reason);
        else oneByOne.add(w);
      }
    }
  }
  if (!lockedOut.size) return null;
  const rest = expire(
    batch.filter((w) => !lockedOut.has(w)),
    q.maxWaitMs,
  );
  return [...(rest.length ? await oneAfterAnother(q.db, rest) : []), ...lockedOutcomes()];
}

/** Units one after another in one transaction, each in its own savepoint. */
function oneAfterAnother(db: Db, units: Work[]): Promise<Outcome[]> {
  return db.transaction().execute((tx) => inSavepoints(tx, units));
}

/** Units one after another, each inside its own savepoint: a failure rolls back that unit alone. */
async function inSavepoints(tx: Executor, units: Work[]): Promise<Outcome[]> {
  const results: Outcome[] = [];
  if (!units.length) return results;
  // Between two units, the release and the next savepoint go as one round trip.
  await sql`savepoint unit`.execute(tx);
  for (const [i, w] of units.entries()) {
    const next = i < units.length - 1 ? sql.raw('; savepoint unit') : sql.raw('');
    try {
      results.push([w, { ok: true, value: await w.run(tx) }]);
      await sql`release savepoint unit${next}`.execute(tx);
    } catch (err) {
      await sql`rollback to savepoint unit; release savepoint unit${next}`.execute(tx);
      results.push([w, { ok: false, value: err }]);
    }
  }
  return results;
}

async function flush(q: PgQueue, batch: Work[]) {
  let results: Outcome[];
  try {
    results = (await runPipelined(q, batch)) ?? (await oneAfterAnother(q.db, expire(batch, q.maxWaitMs)));
  } catch (err) {
    // The commit failed (or the connection did): nothing of the batch is stored.
    for (const w of batch) w.reject(err);
    unpark(q);
    return;
  }
  settle(q, results);
}

/** After the commit: each unit's caller gets its result; what met a lock or a conflict goes round again. */
function settle(q: PgQueue, results: Outcome[]) {
  const again: Work[] = [];
  const park: Work[] = [];
  for (const [w, r] of results) {
    if (r.ok) w.resolve(r.value);
    else if (isLockBusy(r.value) && ++w.parked < MAX_PARKED) park.push(w);
    else if (isTransientConflict(r.value) && ++w.tries < MAX_TRIES) again.push(w);
    else w.reject(r.value);
  }
  // This batch has committed: what waited for it may go now; what met a lock waits for the next one.
  unpark(q);
  q.parked = park;
  if (again.length) q.queue = [...again, ...q.queue];
}

/**
 * Group commit for PostgreSQL, the counterpart of db/group-commit.ts (ADR 0052). Units of work that arrive
 * while a batch is open wait, then run one after another in the next transaction, each inside its own
 * savepoint, and share one commit: one WAL flush, and one hold of a hot row's lock, for the whole batch
 * instead of one per draw. A unit that fails is rolled back to its savepoint and only its caller sees the
 * error; a unit that another batch deadlocked with (PostgreSQL aborts one side) goes to the next batch. A
 * unit's promise settles only after the commit; if the commit fails, every unit of the batch fails. Units
 * enqueued with a key may instead run side by side (runPipelined).
 */
export function createPgGroupCommit(db: Db, opts: PgGroupCommitOptions = {}) {
  const q: PgQueue = {
    db,
    maxBatch: opts.maxBatch ?? 32,
    concurrency: opts.concurrency ?? 4,
    maxWaitMs: opts.maxWaitMs ?? 500,
    sideBySide: opts.sideBySide,
    queue: [],
    open: 0,
    scheduled: false,
    idle: [],
    parked: [],
    parkedTimer: null,
    recentBatchMs: 0,
  };
  const maxWaitMs = q.maxWaitMs;
  return {
    /**
     * Runs `run` in the next group transaction; settles after that transaction commits. Refused (`Overloaded`)
     * once `maxWaitMs` have passed since `since` (default: now) before a batch took it.
     */
    enqueue<T>(run: (tx: Executor) => Promise<T>, opts: { key?: string; since?: number } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const now = Date.now();
        // The wait counts from `since` (when the request arrived, given by the caller): a request that spent its
        // time before it got here (a burst saturating the process) is refused as one that waited here.
        const since = Math.min(now, opts.since ?? now);
        const oldest = Math.min(since, q.queue[0]?.since ?? now);
        if (now - oldest > maxWaitMs) return reject(waited(now - oldest));
        q.queue.push({
          run: run as (tx: Executor) => Promise<unknown>,
          key: opts.key,
          resolve: resolve as (v: unknown) => void,
          reject,
          tries: 0,
          parked: 0,
          since,
          paced: opts.since !== undefined,
        });
        schedule(q);
      });
    },
    /** Waits until everything enqueued so far has committed or failed (for shutdown). */
    drain(): Promise<void> {
      if (!q.open && !q.queue.length && !q.scheduled && !q.parked.length) return Promise.resolve();
      return new Promise((r) => q.idle.push(r));
    },
  };
}
export type PgGroupCommit = ReturnType<typeof createPgGroupCommit>;
