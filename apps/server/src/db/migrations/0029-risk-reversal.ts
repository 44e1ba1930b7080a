import type { Kysely } from 'kysely';

/**
 * Issue 35, reversing a reviewer's decision (ADR 0393): one row per risk decision whose review a second person
 * was asked to reverse (risk_reversal): inserted by the request (so one waits at a time), kept once approved
 * (a case is reversed once), deleted when turned down (it may be asked again).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('risk_reversal')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('decision_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('risk_reversal_pk', ['corp_id', 'decision_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('risk_reversal').execute();
}
