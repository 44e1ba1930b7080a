import type { Own } from '../../db/owners';
import type { OrderPaymentEventTable } from '../../db/schema';

// Tables of this module: order_payment_event, scoped by corp (the payment side calls server to server for
// its corp; no customer is in the request). The order itself moves through the orders module's port.

export type PaymentEventRow = OrderPaymentEventTable;

export async function findEvent(
  db: Own<'payments'>,
  corpId: string,
  e: Pick<PaymentEventRow, 'order_id' | 'payment_id' | 'result'>,
): Promise<PaymentEventRow | undefined> {
  return db
    .selectFrom('order_payment_event')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('order_id', '=', e.order_id)
    .where('payment_id', '=', e.payment_id)
    .where('result', '=', e.result)
    .executeTakeFirst();
}

/** Unique per (corp, order, payment, result): a concurrent duplicate fails here and is answered as a replay. */
export async function insertEvent(db: Own<'payments'>, row: PaymentEventRow): Promise<void> {
  await db.insertInto('order_payment_event').values(row).execute();
}
