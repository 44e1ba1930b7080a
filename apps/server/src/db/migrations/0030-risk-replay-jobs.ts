import { type Kysely, sql } from 'kysely';

/**
 * Issue 35, replay as a console job (ADR 0061): a version's rules run over the stored decision log in the
 * background, in pages, its progress kept here so any node answers the console's poll. At most one job runs
 * per version and scope (a campaign, or '' for all): a partial unique index, so twenty starts make one job.
 * The heartbeat tells a job left by a stopped process from one still running. A partial index lets the
 * device-id purge (issue 35: kept for the campaign plus 180 days) find what it still has to blank.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risk_replay_job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('ruleset_id', 'text', (c) => c.notNull())
    .addColumn('ruleset_hash', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('risk_replay_job_running_uq')
    .on('risk_replay_job')
    .columns(['corp_id', 'ruleset_id', 'scope'])
    .unique()
    .where(sql.ref('state'), '=', 'running')
    .execute();
  await db.schema
    .createIndex('risk_replay_job_ruleset_idx')
    .on('risk_replay_job')
    .columns(['corp_id', 'ruleset_id', 'created_at'])
    .execute();
  // A replay walks the log campaign by campaign in id order: a range of this index, never a sort.
  await db.schema
    .createIndex('risk_decision_act_idx')
    .on('risk_decision')
    .columns(['corp_id', 'act_id', 'id'])
    .execute();
  // The device-id purge finds the campaigns whose decisions still hold a device id without reading the others.
  await db.schema
    .createIndex('risk_decision_device_idx')
    .on('risk_decision')
    .columns(['corp_id', 'act_id'])
    .where(sql.ref('device_id'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('risk_decision_device_idx').execute();
  await db.schema.dropIndex('risk_decision_act_idx').execute();
  await db.schema.dropTable('risk_replay_job').execute();
}
