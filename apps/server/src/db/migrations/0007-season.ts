import type { Kysely } from 'kysely';

/**
 * Issue 10 (part 2): the ranking-and-task season (modules/season). docs/decisions/0220-season-ledger-and-rank.md.
 * - season: the configuration a campaign file gives a `ranking` activity (tasks, rank bands) and when it was settled.
 * - season_draw_task: which draws in which activity feed which season task (looked up inside the draw transaction).
 * - season_ledger: append-only points; one row per (corp, season, user, task, period), so a repeat credits nothing.
 * - season_score: each participant's total and when they reached it, maintained in the ledger's transaction.
 * - season_tally / season_hour_tally: participants per score, and per score and hour they reached it: a rank is
 *   1 + a sum over a few tally rows + a count inside one (score, hour) bucket, never a count over the whole table.
 * - season_result: each winner's rank and award, written once by the settlement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('season')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('bands', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .addPrimaryKeyConstraint('season_pk', ['corp_id', 'act_id'])
    .execute();
  await db.schema
    .createTable('season_draw_task')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('draw_act_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_draw_task_pk', ['corp_id', 'draw_act_id', 'act_id', 'task_id'])
    .execute();
  await db.schema
    .createTable('season_ledger')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_ledger_pk', ['corp_id', 'act_id', 'user_id', 'task_id', 'period'])
    .execute();
  await db.schema
    .createTable('season_score')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'bigint', (c) => c.notNull())
    // The reached_at before the last credit: lets one UPDATE … RETURNING tell which tally rows to move.
    .addColumn('prev_reached_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_score_pk', ['corp_id', 'act_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('season_score_rank_idx')
    .on('season_score')
    .columns(['corp_id', 'act_id', 'score desc', 'reached_at', 'user_id'])
    .execute();
  await db.schema
    .createTable('season_tally')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_tally_pk', ['corp_id', 'act_id', 'score'])
    .execute();
  await db.schema
    .createTable('season_hour_tally')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_hour_tally_pk', ['corp_id', 'act_id', 'score', 'hour'])
    .execute();
  await db.schema
    .createTable('season_result')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('prize_id', 'text', (c) => c.notNull())
    .addColumn('award_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_result_pk', ['corp_id', 'act_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'season_result',
    'season_hour_tally',
    'season_tally',
    'season_score',
    'season_ledger',
    'season_draw_task',
    'season',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
