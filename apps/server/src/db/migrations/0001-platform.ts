import type { Kysely } from 'kysely';
import { autoId } from '../migration-helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('corp')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('white_listed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gray', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('app_secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('corp_group_member')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('corp_id', 'text', (c) => c.notNull().references('corp.id'))
    .addPrimaryKeyConstraint('corp_group_member_pk', ['group_id', 'corp_id'])
    .execute();
  await db.schema
    .createTable('cgroup')
    .addColumn('corp_id', 'text', (c) => c.notNull().references('corp.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cgroup_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull().references('corp.id'))
    .addColumn('nuid', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text')
    .addColumn('open_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('app_user_nuid_uq', ['corp_id', 'nuid'])
    .addUniqueConstraint('app_user_mobile_uq', ['corp_id', 'mobile'])
    .addUniqueConstraint('app_user_open_id_uq', ['corp_id', 'open_id'])
    .execute();
  await db.schema
    .createTable('cgroup_member')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('cgroup_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addPrimaryKeyConstraint('cgroup_member_pk', ['corp_id', 'cgroup_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
    .addColumn('login_method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_user_idx').on('session').columns(['corp_id', 'user_id']).execute();
  await db.schema
    .createTable('otp_code')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('sends_in_window', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('otp_code_pk', ['corp_id', 'mobile'])
    .execute();
  await db.schema
    .createTable('ticket_nonce')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_nonce_pk', ['corp_id', 'nonce'])
    .execute();
  await db.schema
    .createTable('page_visit')
    .addColumn('id', autoId(db), (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('visit_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_visit_act_idx').on('page_visit').columns(['corp_id', 'act_id']).execute();
  await db.schema
    .createTable('tracking_event')
    .addColumn('id', autoId(db), (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('params', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'tracking_event',
    'page_visit',
    'ticket_nonce',
    'otp_code',
    'session',
    'cgroup_member',
    'app_user',
    'cgroup',
    'corp_group_member',
    'corp',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
