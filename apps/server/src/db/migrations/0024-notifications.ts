import type { Kysely } from 'kysely';

/**
 * The console's notifications (issue 34 §2, docs/decisions/0376-console-notifications.md): one row per
 * recipient, so reading is a per-person flag and nobody's list depends on anyone else's. The bell's poll is
 * an indexed count of one person's unread rows; the list is that person's newest rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notification_once_idx')
    .on('notification')
    .columns(['corp_id', 'staff_id', 'kind', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notification_staff_idx')
    .on('notification')
    .columns(['corp_id', 'staff_id', 'at'])
    .execute();
  await db.schema
    .createIndex('notification_subject_idx')
    .on('notification')
    .columns(['corp_id', 'subject', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification').execute();
}
