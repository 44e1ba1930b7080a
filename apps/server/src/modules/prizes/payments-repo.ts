import type { Executor } from '../../db';
import type { OrderPaymentEventTable, PhysicalOrderTable } from '../../db/schema';

// Payment results of orders: this module's physical_order and order_payment_event tables, scoped by corp
// (the payment side calls server to server for its corp; no customer is in the request).

export type PaymentEventRow = OrderPaymentEventTable;

export async function orderForPayment(db: Executor, corpId: string, orderId: string) {
  return db
    .selectFrom('physical_order')
    .select(['id', 'status', 'payment_id', 'paid_cents'])
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export async function findEvent(
  db: Executor,
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
export async function insertEvent(db: Executor, row: PaymentEventRow): Promise<void> {
  await db.insertInto('order_payment_event').values(row).execute();
}

type Status = PhysicalOrderTable['status'];

/**
 * The order moves only from the states the result may follow (the condition is the guard against a race
 * and against an out-of-order notification); a refund must name the payment that paid, for its amount.
 */
export async function applyResult(
  db: Executor,
  corpId: string,
  orderId: string,
  move: { from: readonly Status[]; to: Status },
  n: { paymentId: string; amountCents: number; now: number },
): Promise<boolean> {
  let q = db
    .updateTable('physical_order')
    .set(
      move.to === 'paid'
        ? { status: 'paid', payment_id: n.paymentId, paid_cents: n.amountCents, paid_at: n.now, updated_at: n.now }
        : move.to === 'payment_failed'
          ? { status: 'payment_failed', payment_id: n.paymentId, payment_failed_at: n.now, updated_at: n.now }
          : { status: move.to, refunded_at: n.now, updated_at: n.now },
    )
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .where('status', 'in', move.from);
  if (move.to === 'refunded') q = q.where('payment_id', '=', n.paymentId).where('paid_cents', '=', n.amountCents);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
