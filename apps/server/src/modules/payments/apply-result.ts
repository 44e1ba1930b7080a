import type { OrderState, PaymentResult, PaymentResultBody } from '@campaign/contract';
import { isUniqueViolation } from '../../db/errors';
import { handOver } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { PaymentsDeps } from './deps';
import * as repo from './repo';

/**
 * Which stored states each payment result may follow (docs/decisions/0140-order-payment-results.md). A
 * failed payment can be followed by a paid one (the customer paid again); a refund only follows the paid
 * payment it names. Anything else is out of order and refused, with nothing stored.
 */
export const PAYMENT_MOVES: Record<PaymentResult, { from: readonly OrderState[]; to: OrderState }> = {
  paid: { from: ['confirmed', 'payment_failed'], to: 'paid' },
  failed: { from: ['confirmed', 'payment_failed'], to: 'payment_failed' },
  refunded: { from: ['paid'], to: 'refunded' },
};

export interface PaymentOutcome {
  orderId: string;
  state: OrderState;
  replayed: boolean;
}

async function replay(
  deps: PaymentsDeps,
  corpId: string,
  prior: repo.PaymentEventRow,
  n: PaymentResultBody,
): Promise<PaymentOutcome> {
  // The same (order, payment, result) with another amount is not the same notification.
  if (prior.amount_cents !== n.amountCents) throw new AppError('PAYMENT_RESULT_REFUSED');
  const now = await deps.orders.forPayment(corpId, n.orderId);
  if (!now) throw new AppError('ORDER_NOT_FOUND');
  return { orderId: n.orderId, state: now.status, replayed: true };
}

/** Stores a payment result once and moves its order; the same result again is a replay. */
export async function applyResult(
  deps: PaymentsDeps,
  corpId: string,
  n: PaymentResultBody,
  source: 'callback' | 'operator',
): Promise<PaymentOutcome> {
  const db = deps.database.db;
  const order = await deps.orders.forPayment(corpId, n.orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const key = { order_id: n.orderId, payment_id: n.paymentId, result: n.result };
  const prior = await repo.findEvent(db, corpId, key);
  if (prior) return replay(deps, corpId, prior, n);
  const move = PAYMENT_MOVES[n.result];
  const now = deps.clock();
  try {
    await db.transaction().execute(async (tx) => {
      await repo.insertEvent(tx, {
        corp_id: corpId,
        ...key,
        amount_cents: n.amountCents,
        source,
        notified_at: n.notifiedAt,
        created_at: now,
      });
      const moved = await deps.orders.apply(handOver(tx), corpId, n.orderId, move, { ...n, now });
      // Rolls the event back too: a refused notification leaves no trace and can come again later.
      if (!moved) throw new AppError('PAYMENT_RESULT_REFUSED');
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // The same notification, delivered twice at once: the other delivery applied it.
    const first = await repo.findEvent(db, corpId, key);
    if (!first) throw err;
    return replay(deps, corpId, first, n);
  }
  return { orderId: n.orderId, state: move.to, replayed: false };
}
