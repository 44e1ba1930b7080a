import type { Consumption, SignedPayment } from '@campaign/contract';
import { safeEqualHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { releaseExpired, toConsumption } from './reservations';
import { signPayment } from './signing';

/**
 * The customer's report after the native payment: the consumption's state. It consumes nothing: the
 * unit was reserved at signing and only the bank's signed payment result makes it paid (ADR 0044).
 */
export async function consumeDiscount(
  deps: ServiceDeps<'discounts'>,
  corp: Corp,
  user: RequestUser,
  p: Omit<SignedPayment, 'signType'>,
): Promise<Consumption> {
  const db = deps.database.db;
  const { sign, ...unsigned } = p;
  if (!safeEqualHex(sign, signPayment(corp.appSecret, corp.id, user.id, unsigned))) {
    throw new AppError('PAYMENT_SIGN_INVALID');
  }
  const c = await repo.consumptionByPayment(db, corp.id, p.paymentId);
  // The same payment from another customer is not theirs to see.
  if (!c || c.user_id !== user.id) throw new AppError('DISCOUNT_NOT_FOUND');
  const now = deps.clock();
  if (c.state === 'reserved' && c.reserved_until !== null && now > c.reserved_until) {
    await releaseExpired(db, corp.id, c.discount_id, now);
    throw new AppError('DISCOUNT_RESERVATION_EXPIRED');
  }
  if (c.state === 'released') throw new AppError('DISCOUNT_RESERVATION_EXPIRED');
  return toConsumption(c, false);
}
