import type { Kysely } from 'kysely';

/**
 * Payment results of payment-linked orders (docs/decisions/0140-order-payment-results.md): the payment the
 * order was paid with, the times of paid / payment failed / refunded, and one row per notification the
 * payment side sent, unique per (corp, order, payment, result) so the same notification twice changes
 * nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('physical_order').addColumn('payment_id', 'text').execute();
  await db.schema.alterTable('physical_order').addColumn('paid_cents', 'integer').execute();
  for (const col of ['paid_at', 'payment_failed_at', 'refunded_at']) {
    await db.schema.alterTable('physical_order').addColumn(col, 'bigint').execute();
  }
  await db.schema
    .createTable('order_payment_event')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    /** Who reported it: the payment side's callback, or an operator's refund (CLI). */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_payment_event_pk', ['corp_id', 'order_id', 'payment_id', 'result'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_payment_event').execute();
  for (const col of ['payment_id', 'paid_cents', 'paid_at', 'payment_failed_at', 'refunded_at']) {
    await db.schema.alterTable('physical_order').dropColumn(col).execute();
  }
}
