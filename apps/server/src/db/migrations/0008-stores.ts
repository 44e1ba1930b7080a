import type { Kysely } from 'kysely';

/**
 * Issue 11 (modules/stores): stores with GCJ-02 coordinates and opening hours, store lists (which stores
 * redeem which activities' prizes), one redemption row per award (the exactly-once of the counter) and
 * the audit of every attempt at the counter.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('store_list')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_list_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('store_list_store')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_list_store_pk', ['corp_id', 'list_id', 'store_id'])
    .execute();
  await db.schema
    .createTable('store_list_activity')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_list_activity_pk', ['corp_id', 'list_id', 'act_id'])
    .execute();
  await db.schema
    .createIndex('store_list_activity_act_idx')
    .on('store_list_activity')
    .columns(['corp_id', 'act_id'])
    .execute();
  await db.schema
    .createTable('store_redemption')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('award_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'bigint', (c) => c.notNull())
    .execute();
  // A code is redeemed once, whatever the race between counters.
  await db.schema
    .createIndex('store_redemption_award_idx')
    .on('store_redemption')
    .columns(['corp_id', 'award_id'])
    .unique()
    .execute();
  await db.schema
    .createTable('redemption_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('redemption_audit_code_idx')
    .on('redemption_audit')
    .columns(['corp_id', 'code', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'redemption_audit',
    'store_redemption',
    'store_list_activity',
    'store_list_store',
    'store_list',
    'store',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
