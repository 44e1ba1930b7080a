import { type Kysely, sql } from 'kysely';

/**
 * prize_stock_bucket: a prize's stock split over a few rows (ADR 0052). On PostgreSQL every draw of a
 * stocked prize updated the one prize row, so draws of the prize took turns on that row's lock; with the
 * stock in buckets, simultaneous transactions each take a unit from a bucket nobody else holds. The prize
 * row's `left_stock` keeps what is not in a bucket; what is left of a prize is the row plus its buckets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prize_stock_bucket')
    .ifNotExists()
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('prize_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('left_stock', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('prize_stock_bucket_pk', ['corp_id', 'act_id', 'prize_id', 'bucket'])
    .addCheckConstraint('prize_stock_bucket_never_negative', sql`left_stock >= 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prize_stock_bucket').ifExists().execute();
}
