import { type Kysely, sql } from 'kysely';

/**
 * Issue 9: delivery addresses (modules/addresses), order snapshots and coupon use (modules/prizes),
 * instant discounts (modules/discounts), and the claim promises an activity makes (modules/activity).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('address')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('province_code', 'text', (c) => c.notNull())
    .addColumn('province_name', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('district_code', 'text', (c) => c.notNull())
    .addColumn('district_name', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idem_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A retried add (same Idempotency-Key) finds the address the first one made.
  await db.schema
    .createIndex('address_idem_idx')
    .on('address')
    .columns(['corp_id', 'user_id', 'idem_key'])
    .unique()
    .execute();
  await db.schema.createIndex('address_owner_idx').on('address').columns(['corp_id', 'user_id']).execute();
  // At most one default per customer, whatever the race (the service keeps exactly one).
  await db.schema
    .createIndex('address_one_default_idx')
    .on('address')
    .columns(['corp_id', 'user_id'])
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .alterTable('activity')
    .addColumn('address_window_days', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  await db.schema.alterTable('activity').addColumn('coupon_valid_days', 'integer').execute();

  await db.schema.alterTable('award').addColumn('used_at', 'bigint').execute();
  await db.schema.alterTable('award').addColumn('used_channel', 'text').execute();
  await db.schema.alterTable('award').addColumn('use_key', 'text').execute();

  for (const col of ['confirmed_at', 'shipped_at', 'delivered_at', 'closed_at', 'updated_at']) {
    await db.schema.alterTable('physical_order').addColumn(col, 'bigint').execute();
  }
  await db.schema.alterTable('physical_order').addColumn('address_snapshot', 'text').execute();
  await db.schema.alterTable('physical_order').addColumn('tracking_no', 'text').execute();

  await db.schema
    .createTable('discount')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('threshold_cents', 'integer', (c) => c.notNull())
    .addColumn('valid_cards', 'text', (c) => c.notNull())
    .addColumn('valid_merchants', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('total_limit', 'integer', (c) => c.notNull())
    .addColumn('used_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('per_user_limit', 'integer', (c) => c.notNull())
    .addColumn('daily_limit', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('discount_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('discount_user')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('discount_user_pk', ['corp_id', 'discount_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('discount_day')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('discount_day_pk', ['corp_id', 'discount_id', 'day'])
    .execute();
  await db.schema
    .createTable('discount_consumption')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('discount_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('pay_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('discount_consumption_payment_uq', ['corp_id', 'payment_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['discount_consumption', 'discount_day', 'discount_user', 'discount', 'address']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const col of [
    'confirmed_at',
    'shipped_at',
    'delivered_at',
    'closed_at',
    'updated_at',
    'address_snapshot',
    'tracking_no',
  ]) {
    await db.schema.alterTable('physical_order').dropColumn(col).execute();
  }
  await db.schema.alterTable('award').dropColumn('used_at').execute();
  await db.schema.alterTable('award').dropColumn('used_channel').execute();
  await db.schema.alterTable('award').dropColumn('use_key').execute();
  await db.schema.alterTable('activity').dropColumn('address_window_days').execute();
  await db.schema.alterTable('activity').dropColumn('coupon_valid_days').execute();
}
