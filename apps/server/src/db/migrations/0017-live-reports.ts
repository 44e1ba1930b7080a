import type { Kysely } from 'kysely';

/**
 * Reports, the daily reconciliation and alerts (issue 24; docs/decisions/0365–0369):
 * - export_job (reports): one streamed export, its progress, its file and when the file is removed;
 * - reconcile_report (reconcile): every reconciliation run with its checks, kept for audit;
 * - alert (alerts): each alert raised, once per key, and the state of its delivery to the webhook;
 * - alert_webhook (alerts): the corp's webhook URL and its signing secret (sealed with ENCRYPTION_KEY).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text')
    .addColumn('unmasked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('rows', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('file', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('export_job_corp_idx').on('export_job').columns(['corp_id', 'created_at']).execute();

  await db.schema
    .createTable('reconcile_report')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema
    .createIndex('reconcile_report_act_idx')
    .on('reconcile_report')
    .columns(['corp_id', 'act_id', 'at'])
    .execute();

  await db.schema
    .createTable('alert')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('delivery', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('alert_dedupe_idx').on('alert').columns(['corp_id', 'dedupe_key']).unique().execute();
  await db.schema.createIndex('alert_corp_idx').on('alert').columns(['corp_id', 'at']).execute();
  await db.schema.createIndex('alert_due_idx').on('alert').columns(['delivery', 'next_attempt_at']).execute();

  await db.schema
    .createTable('alert_webhook')
    .addColumn('corp_id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['alert_webhook', 'alert', 'reconcile_report', 'export_job']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
