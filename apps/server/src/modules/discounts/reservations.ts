import type { Consumption, DiscountPaymentResult } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import type { Own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import * as repo from './repo';

/**
 * A discount's unit is reserved when the payment is signed and final only when the bank's signed payment
 * result says paid (docs/decisions/0044-discount-consumption.md). A reservation unpaid for this long goes
 * back to the discount: the native payment sheet is open minutes, not days.
 */
export const RESERVATION_TTL_MS = 30 * 60_000;

export function toConsumption(c: repo.ConsumptionRow, replayed: boolean): Consumption {
  return {
    consumptionId: c.id,
    paymentId: c.payment_id,
    discountId: c.discount_id,
    discountCents: c.discount_cents,
    payCents: c.pay_cents,
    consumedAt: c.created_at,
    state: c.state,
    reservedUntil: c.state === 'reserved' ? c.reserved_until : null,
    replayed,
  };
}

/** Takes one unit of every limit, or throws the limit reached (the caller's transaction rolls back). */
export async function takeUnit(tx: Own<'discounts'>, d: repo.DiscountRow, userId: string, day: string) {
  if (!(await repo.takeTotal(tx, d.corp_id, d.id))) throw new AppError('DISCOUNT_SOLD_OUT');
  if (!(await repo.takeUser(tx, d.corp_id, d.id, userId, d.per_user_limit))) throw new AppError('DISCOUNT_USER_LIMIT');
  if (d.daily_limit !== null && !(await repo.takeDay(tx, d.corp_id, d.id, day, d.daily_limit))) {
    throw new AppError('DISCOUNT_SOLD_OUT');
  }
}

/** Releases one reservation (failed payment or expired): its unit goes back, exactly once. */
async function release(tx: Own<'discounts'>, c: repo.ConsumptionRow): Promise<boolean> {
  if (!(await repo.moveState(tx, c.corp_id, c.payment_id, 'reserved', 'released'))) return false;
  await repo.giveBack(tx, c.corp_id, c.discount_id, c.user_id, campaignDay(c.created_at));
  return true;
}

/** Reservations of this discount unpaid past their time are released (run before a new signing). */
export async function releaseExpired(db: Own<'discounts'>, corpId: string, discountId: string, now: number) {
  const expired = await repo.expiredReservations(db, corpId, discountId, now);
  for (const c of expired) await inTx(db, (tx) => release(tx, c));
}

async function inTx<T>(db: Own<'discounts'>, fn: (tx: Own<'discounts'>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute((tx) => fn(tx));
}

/**
 * The payment side's signed result of a discounted payment: paid makes the reservation final (a released
 * one is taken again if units are left), failed releases it. A repeated result gets the same answer.
 */
export async function applyPaymentResult(
  db: Own<'discounts'>,
  corpId: string,
  n: DiscountPaymentResult,
  now: number,
): Promise<Consumption> {
  const c = await repo.consumptionByPayment(db, corpId, n.paymentId);
  if (!c) throw new AppError('DISCOUNT_NOT_FOUND');
  if (c.pay_cents !== n.payCents) throw new AppError('PAYMENT_RESULT_REFUSED');
  const target = n.result === 'paid' ? 'paid' : 'released';
  if (c.state === target) return toConsumption(c, true);
  if (c.state === 'paid') throw new AppError('PAYMENT_RESULT_REFUSED');
  const moved = await inTx(db, async (tx) => {
    if (n.result === 'failed') return release(tx, c);
    if (c.state === 'reserved') return repo.moveState(tx, corpId, c.payment_id, 'reserved', 'paid');
    // Paid after its reservation lapsed: final only if the discount still has a unit for it.
    const d = await repo.get(tx, corpId, c.discount_id);
    if (!d) throw new AppError('DISCOUNT_NOT_FOUND');
    if (!(await repo.moveState(tx, corpId, c.payment_id, 'released', 'paid'))) return false;
    await takeUnit(tx, d, c.user_id, campaignDay(now)).catch(() => {
      throw new AppError('PAYMENT_RESULT_REFUSED');
    });
    return true;
  });
  const after = await repo.consumptionByPayment(db, corpId, n.paymentId);
  if (!after) throw new AppError('DISCOUNT_NOT_FOUND');
  if (!moved && after.state !== target) throw new AppError('PAYMENT_RESULT_REFUSED');
  return toConsumption(after, !moved);
}
