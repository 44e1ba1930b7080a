import type { Kysely } from 'kysely';

/**
 * Issue 34 §1 券与票 (ADR 0390): a coupon prize may hand out codes from a pool the operator uploaded (CSV) instead of
 * codes the service generates. The pool is an uploaded list of kind `codes` (campaign_list, modules/campaign-lab);
 * its codes are rows here, in file order (`seq`), each taken once by the award that shows it (`award_id`). A prize
 * names its pool (`prize.code_pool`, the list id); none: generated codes as before. A campaign's coupons also carry
 * its usage rules (使用说明, `activity.coupon_rules`, a JSON array of text), shown on the customer's ticket.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign_code')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('list_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('award_id', 'text')
    .addColumn('taken_at', 'bigint')
    .addPrimaryKeyConstraint('campaign_code_pk', ['corp_id', 'list_id', 'seq'])
    .addUniqueConstraint('campaign_code_code_uq', ['corp_id', 'list_id', 'code'])
    .execute();
  // The next free code: the first seq whose award_id is still null.
  await db.schema
    .createIndex('campaign_code_free_idx')
    .on('campaign_code')
    .columns(['corp_id', 'list_id', 'award_id', 'seq'])
    .execute();
  await db.schema.alterTable('prize').addColumn('code_pool', 'text').execute();
  await db.schema
    .alterTable('activity')
    .addColumn('coupon_rules', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity').dropColumn('coupon_rules').execute();
  await db.schema.alterTable('prize').dropColumn('code_pool').execute();
  await db.schema.dropTable('campaign_code').execute();
}
