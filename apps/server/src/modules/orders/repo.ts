import type { NotNull } from 'kysely';
import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import type { PhysicalOrderTable } from '../../db/schema';
import { changes, type Step, type TxExec } from '../../db/tx';

const prepared = preparedFor('orders');

// Tables of this module: physical_order. The customer's lists join prizes' award_line view (the award with
// its prize and activity) read-only for names and the activity's address window (db/owners.ts).

type Status = PhysicalOrderTable['status'];

type OrderInsert = { id: string; corp_id: string; user_id: string; award_id: string; created_at: number };
const createOrderQ = prepared<OrderInsert, never>((db, p) =>
  db.insertInto('physical_order').values({
    id: p('id'),
    corp_id: p('corp_id'),
    user_id: p('user_id'),
    award_id: p('award_id'),
    created_at: p('created_at'),
    status: 'awaiting_address',
    address_id: null,
  }),
);
/** A physical prize's order, awaiting the customer's delivery address. */
export function* createOrder(x: TxExec, row: OrderInsert): Step<void> {
  yield* changes(x, createOrderQ, row);
}

function ordersQuery(db: Own<'orders'>, corpId: string, userId: string) {
  return (
    db
      .selectFrom('physical_order as o')
      .innerJoin('award_line as line', (j) =>
        j.onRef('line.corp_id', '=', 'o.corp_id').onRef('line.id', '=', 'o.award_id'),
      )
      .select([
        'o.id',
        'o.award_id',
        'o.status',
        'o.address_snapshot',
        'o.tracking_no',
        'o.created_at',
        'o.confirmed_at',
        'o.shipped_at',
        'o.delivered_at',
        'o.closed_at',
        'o.payment_id',
        'o.paid_cents',
        'o.paid_at',
        'o.payment_failed_at',
        'o.refunded_at',
        'line.act_id',
        'line.activity_title',
        'line.address_window_days',
        'line.prize_name',
        'line.prize_image as image',
        'line.prize_value_cents as value_cents',
      ])
      .$narrowType<{
        activity_title: NotNull;
        address_window_days: NotNull;
        prize_name: NotNull;
        image: NotNull;
        value_cents: NotNull;
      }>()
      // The prize and the campaign are there (an order whose prize is gone is not listed).
      .where('line.prize_name', 'is not', null)
      .where('line.activity_title', 'is not', null)
      .where('line.corp_id', '=', corpId)
      .where('line.user_id', '=', userId)
      .where('o.user_id', '=', userId)
  );
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['executeTakeFirstOrThrow']>>;

export async function listOrders(db: Own<'orders'>, corpId: string, userId: string) {
  return ordersQuery(db, corpId, userId).orderBy('o.created_at', 'desc').limit(200).execute();
}

export async function getOrder(db: Own<'orders'>, corpId: string, userId: string, orderId: string) {
  return ordersQuery(db, corpId, userId).where('o.id', '=', orderId).executeTakeFirst();
}

export async function getOrderByAward(db: Own<'orders'>, corpId: string, userId: string, awardId: string) {
  return ordersQuery(db, corpId, userId).where('o.award_id', '=', awardId).executeTakeFirst();
}

/** Give an awaiting order its address, only while it awaits one: the condition is the guard against a race. */
export async function confirmOrder(
  db: Own<'orders'>,
  corpId: string,
  orderId: string,
  set: { address_snapshot: string; address_id: string; now: number },
): Promise<boolean> {
  const r = await db
    .updateTable('physical_order')
    .set({
      status: 'confirmed',
      address_snapshot: set.address_snapshot,
      address_id: set.address_id,
      confirmed_at: set.now,
      updated_at: set.now,
    })
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_address')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Operator moves (CLI): from one of `from` to `to`, with the time column of the new state. */
export async function moveOrder(
  db: Own<'orders'>,
  corpId: string,
  orderId: string,
  from: readonly Status[],
  to: Status,
  now: number,
  trackingNo?: string,
): Promise<boolean> {
  const stamp =
    to === 'shipped'
      ? { shipped_at: now }
      : to === 'delivered'
        ? { delivered_at: now }
        : to === 'closed'
          ? { closed_at: now }
          : {};
  const r = await db
    .updateTable('physical_order')
    .set({ status: to, updated_at: now, ...stamp, ...(trackingNo ? { tracking_no: trackingNo } : {}) })
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** An order by id within the corp (operators and the payment side do not know whose it is). */
export async function orderInCorp(db: Own<'orders'>, corpId: string, orderId: string) {
  return db
    .selectFrom('physical_order')
    .select(['id', 'user_id', 'status', 'created_at', 'payment_id', 'paid_cents'])
    .where('corp_id', '=', corpId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * A payment result moves the order only from the states it may follow (the condition is the guard against
 * a race and against an out-of-order notification); a refund must name the payment that paid, for its amount.
 */
export async function applyPayment(
  db: Own<'orders'>,
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
