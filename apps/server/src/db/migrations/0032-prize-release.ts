import type { Kysely } from 'kysely';

/**
 * Issue 37, ADR 0063: a prize's stock released on a schedule. `prize.release` holds the published schedule as
 * JSON (null: all of the stock from the start). A schedule without rollover counts what each period gave out
 * in `prize_release_period`, one row per prize and period, so a period never gives more than its units.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('prize').addColumn('release', 'text').execute();
  await db.schema
    .createTable('prize_release_period')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('prize_id', 'text', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('prize_release_period_pk', ['corp_id', 'act_id', 'prize_id', 'period_start'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('prize_release_period').execute();
  await db.schema.alterTable('prize').dropColumn('release').execute();
}
