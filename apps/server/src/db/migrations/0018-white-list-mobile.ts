import type { Kysely } from 'kysely';

/**
 * A campaign's uploaded white list is checked at every draw of that campaign (issue 23), by customer number (the
 * primary key) or by mobile: this index answers the mobile look-up in a list of 1,000,000 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('campaign_list_entry_mobile')
    .on('campaign_list_entry')
    .columns(['corp_id', 'list_id', 'mobile'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('campaign_list_entry_mobile').execute();
}
