import type { Kysely } from 'kysely';

/**
 * Issue 35, risk controls (ADR 0059): ruleset versions of CEL rules (risk_ruleset), every decision with the
 * version's hash, the features it saw, what matched and what shadow versions would have done (risk_decision),
 * typed lists with keyed hashes for phones (risk_list), per-customer rule snoozes (risk_snooze), the
 * customer's consent to a device id (risk_consent) and the counters of the embedded default (risk_counter,
 * risk_distinct: PostgreSQL without Redis; SQLite keeps its own in a file beside the database).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risk_ruleset')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('canary_pct', 'integer')
    .addColumn('based_on', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('ran_at', 'bigint')
    .addColumn('pending_request', 'text')
    .addUniqueConstraint('risk_ruleset_version_uq', ['corp_id', 'version'])
    .execute();
  await db.schema
    .createTable('risk_decision')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('gray_flag', 'integer')
    .addColumn('ruleset_id', 'text')
    .addColumn('ruleset_hash', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('matched', 'text', (c) => c.notNull())
    .addColumn('shadow', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('draw_id', 'text')
    .addColumn('value_cents', 'integer')
    .addColumn('label', 'text')
    .addColumn('appeal_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('risk_decision_user_idx')
    .on('risk_decision')
    .columns(['corp_id', 'user_id', 'act_id', 'created_at'])
    .execute();
  await db.schema.createIndex('risk_decision_draw_idx').on('risk_decision').columns(['corp_id', 'draw_id']).execute();
  await db.schema
    .createIndex('risk_decision_ruleset_idx')
    .on('risk_decision')
    .columns(['corp_id', 'ruleset_id'])
    .execute();
  await db.schema
    .createTable('risk_list')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value_key', 'text', (c) => c.notNull())
    .addColumn('shown', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('risk_list_value_uq', ['corp_id', 'type', 'value_key'])
    .execute();
  await db.schema
    .createTable('risk_snooze')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_snooze_pk', ['corp_id', 'user_id', 'rule_id'])
    .execute();
  await db.schema
    .createTable('risk_consent')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('granted', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_consent_pk', ['corp_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('risk_counter')
    .addColumn('k', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('risk_distinct')
    .addColumn('k', 'text', (c) => c.notNull())
    .addColumn('member', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_distinct_pk', ['k', 'member'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['risk_distinct', 'risk_counter', 'risk_consent', 'risk_snooze', 'risk_list', 'risk_decision']) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.dropTable('risk_ruleset').execute();
}
