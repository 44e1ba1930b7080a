import { type Kysely, sql } from 'kysely';
import { autoId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('corp_id', 'text', (c) => c.notNull().references('corp.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('rules_html', 'text', (c) => c.notNull())
    .addColumn('page_config', 'text', (c) => c.notNull())
    .addColumn('chances_per_day', 'integer')
    .addColumn('chances_per_activity', 'integer')
    .addColumn('eligibility', 'text', (c) => c.notNull())
    .addColumn('seed', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('version_published_at', 'bigint')
    .addColumn('revealed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('activity_version')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('rules_html', 'text', (c) => c.notNull())
    .addColumn('prizes', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_version_pk', ['corp_id', 'act_id', 'version'])
    .execute();
  await db.schema
    .createTable('prize')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('tiers', 'text', (c) => c.notNull())
    .addColumn('unlock_after_draws', 'integer')
    .addColumn('consolation', 'integer', (c) => c.notNull())
    .addColumn('total_stock', 'integer')
    .addColumn('left_stock', 'integer')
    .addColumn('per_user_cap', 'integer')
    .addColumn('value_cents', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addPrimaryKeyConstraint('prize_pk', ['corp_id', 'act_id', 'id'])
    .addCheckConstraint('prize_stock_never_negative', sql`left_stock is null or left_stock >= 0`)
    .execute();
  await db.schema
    .createTable('activity_group')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('show_ids', 'text', (c) => c.notNull())
    .addColumn('related_ids', 'text', (c) => c.notNull())
    .addColumn('surplus_ids', 'text', (c) => c.notNull())
    .addColumn('winner_ids', 'text', (c) => c.notNull())
    .addColumn('rocc', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('activity_group_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('draw')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('draw_index', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('picked_prize_id', 'text', (c) => c.notNull())
    .addColumn('awarded_prize_id', 'text', (c) => c.notNull())
    .addColumn('fallback_reason', 'text')
    .addColumn('roll_hex', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // A retried request finds its first result; two draws can never take the same position in a user's chain.
    .addUniqueConstraint('draw_idem_uq', ['corp_id', 'user_id', 'idem_key'])
    .addUniqueConstraint('draw_index_uq', ['corp_id', 'act_id', 'user_id', 'draw_index'])
    .execute();
  await db.schema.createIndex('draw_act_idx').on('draw').columns(['corp_id', 'act_id', 'created_at']).execute();
  await db.schema
    .createTable('user_activity_stat')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('draws_total', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('draws_day', 'integer', (c) => c.notNull())
    .addColumn('extra_chances', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_activity_stat_pk', ['corp_id', 'act_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('award')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('draw_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('prize_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text', (c) => c.unique())
    .addColumn('points', 'integer')
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('award_user_idx').on('award').columns(['corp_id', 'user_id', 'act_id']).execute();
  await db.schema.createIndex('award_act_idx').on('award').columns(['corp_id', 'act_id', 'created_at']).execute();
  await db.schema
    .createTable('points_ledger')
    .addColumn('id', autoId(db), (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('physical_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('award_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('address_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('risk_log')
    .addColumn('id', autoId(db), (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('gray_flag', 'integer')
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('rule', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'risk_log',
    'physical_order',
    'points_ledger',
    'award',
    'user_activity_stat',
    'draw',
    'activity_group',
    'prize',
    'activity_version',
    'activity',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
