import type { Kysely } from 'kysely';

/**
 * The campaign lab (issue 23; docs/decisions/0347-uploads.md):
 * - campaign_list (campaign-lab): an uploaded white list or customer group of a campaign — its row count,
 *   the encoding it came in, the file's hash, who uploaded it and when; stored only when the whole file
 *   was valid;
 * - campaign_list_entry (campaign-lab): its rows, one customer each (nuid, optional mobile).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_list')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_list_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createIndex('campaign_list_campaign_idx')
    .on('campaign_list')
    .columns(['corp_id', 'campaign_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('campaign_list_entry')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('nuid', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addPrimaryKeyConstraint('campaign_list_entry_pk', ['corp_id', 'list_id', 'nuid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_list_entry').execute();
  await db.schema.dropTable('campaign_list').execute();
}
