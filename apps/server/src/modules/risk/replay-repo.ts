import type { RiskReplayJobTable } from '../../db/schema-risk';
import type { Db } from './repo';

// The replay jobs' SQL (risk_replay_job, migration 0030, ADR 0061): at most one running per version and scope.

export type ReplayJobRow = RiskReplayJobTable;

/** A running job whose heartbeat has not moved for this long was left by a process that stopped. */
export const REPLAY_STALE_MS = 120_000;

/** A new running job; false when one already runs for its version and scope (the partial unique index). */
export async function insertJob(db: Db, row: ReplayJobRow): Promise<boolean> {
  const r = await db
    .insertInto('risk_replay_job')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const job = (db: Db, corpId: string, id: string) =>
  db.selectFrom('risk_replay_job').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();

export const runningJob = (db: Db, corpId: string, rulesetId: string, scope: string) =>
  db
    .selectFrom('risk_replay_job')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('ruleset_id', '=', rulesetId)
    .where('scope', '=', scope)
    .where('state', '=', 'running')
    .executeTakeFirst();

/** A running job whose heartbeat stopped before `before` was left by a stopped process: it failed. */
export const abandon = (db: Db, corpId: string, rulesetId: string, scope: string, before: number, now: number) =>
  db
    .updateTable('risk_replay_job')
    .set({ state: 'failed', error: 'interrupted', finished_at: now })
    .where('corp_id', '=', corpId)
    .where('ruleset_id', '=', rulesetId)
    .where('scope', '=', scope)
    .where('state', '=', 'running')
    .where('heartbeat_at', '<', before)
    .execute();

/** Progress (or the end) of a job still running; false when it is no longer running (cancelled). */
export async function update(db: Db, id: string, set: Partial<ReplayJobRow>): Promise<boolean> {
  const r = await db
    .updateTable('risk_replay_job')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stops a running job of the corp; false when it was not running. */
export async function cancel(db: Db, corpId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('risk_replay_job')
    .set({ state: 'cancelled', finished_at: now })
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
