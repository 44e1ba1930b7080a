import { type Kysely, sql } from 'kysely';

/**
 * Issue 21, the customer's journey:
 * - corp_document / document_consent: a corp's compliance documents (用户服务协议, 隐私政策) by version, and
 *   each account's consent to a version with its time (ADR 0045; owner auth);
 * - discount_grant: the instant discounts given to a customer (a campaign grant), listed in 我的奖品;
 * - discount_consumption.state / reserved_until: a signing reserves a unit, the bank's signed payment
 *   result makes it paid, an unpaid reservation is released after its time (ADR 0044);
 * - corp.h5_origins: the corp's own H5 origins an invite link may point at (besides the service's own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('corp_document')
    .ifNotExists()
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('effective_at', 'bigint', (c) => c.notNull())
    .addColumn('current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('corp_document_pk', ['corp_id', 'doc_key', 'version'])
    .execute();
  await db.schema
    .createTable('document_consent')
    .ifNotExists()
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('consented_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_consent_pk', ['corp_id', 'user_id', 'doc_key', 'version'])
    .execute();
  await db.schema
    .createTable('discount_grant')
    .ifNotExists()
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_grant_pk', ['corp_id', 'discount_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('discount_grant_user')
    .ifNotExists()
    .on('discount_grant')
    .columns(['corp_id', 'user_id'])
    .execute();
  // Rows before this migration were counted as used when reported: they stay final.
  await db.schema
    .alterTable('discount_consumption')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('paid'))
    .execute();
  await db.schema.alterTable('discount_consumption').addColumn('reserved_until', 'bigint').execute();
  await db.schema
    .createIndex('discount_consumption_reserved')
    .ifNotExists()
    .on('discount_consumption')
    .columns(['corp_id', 'discount_id', 'state', 'reserved_until'])
    .execute();
  await db.schema
    .alterTable('corp')
    .addColumn('h5_origins', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('corp').dropColumn('h5_origins').execute();
  await db.schema.dropIndex('discount_consumption_reserved').ifExists().execute();
  await db.schema.alterTable('discount_consumption').dropColumn('reserved_until').execute();
  await db.schema.alterTable('discount_consumption').dropColumn('state').execute();
  await db.schema.dropTable('discount_grant').ifExists().execute();
  await db.schema.dropTable('document_consent').ifExists().execute();
  await db.schema.dropTable('corp_document').ifExists().execute();
}
