import { createHmac } from 'node:crypto';
import type { SignedPayment } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { RESERVATION_TTL_MS, releaseExpired, takeUnit } from './reservations';
import { signedOf } from './signing';
import { loadDiscount, viewDiscount } from './view';

/**
 * Signs the payment the native bridge will make (spec §7 payment signing) and reserves one unit of the
 * discount for it (ADR 0044): the server computes the discount and binds amount, merchant, customer and
 * payment id with the corp's secret. The payment id comes from the Idempotency-Key: a retried sign names
 * the same payment and its reservation. Reservations unpaid past their time are released first.
 */
export async function signDiscountPayment(
  deps: ServiceDeps<'discounts'>,
  corp: Corp,
  user: RequestUser,
  req: { discountId: string; merchantId: string; amountCents: number; cardBin?: string | undefined },
  key: string,
): Promise<SignedPayment> {
  const db = deps.database.db;
  const paymentId = `pay_${createHmac('sha256', corp.appSecret).update(`${user.id}|${key}`).digest('base64url').slice(0, 32)}`;
  const retried = await repo.consumptionByPayment(db, corp.id, paymentId);
  if (retried) return signedOf(deps, corp, user, retried);
  const now = deps.clock();
  await releaseExpired(db, corp.id, (await loadDiscount(deps, corp, req.discountId)).id, now);
  const d = await loadDiscount(deps, corp, req.discountId);
  const v = await viewDiscount(deps, corp, user, d);
  if (v.status === 'scheduled' || v.status === 'ended') throw new AppError('DISCOUNT_NOT_LIVE');
  if (v.status === 'sold_out') throw new AppError('DISCOUNT_SOLD_OUT');
  if (v.userLeft === 0) throw new AppError('DISCOUNT_USER_LIMIT');
  const merchantOk = v.validMerchants.length === 0 || v.validMerchants.some((m) => m.id === req.merchantId);
  const cardOk =
    v.validCards.length === 0 ||
    (req.cardBin !== undefined && v.validCards.some((c) => req.cardBin?.startsWith(c.bin)));
  if (req.amountCents < d.threshold_cents || !merchantOk || !cardOk) throw new AppError('DISCOUNT_NOT_APPLICABLE');
  const discountCents = Math.min(d.amount_cents, req.amountCents - 1);
  const row: repo.ConsumptionRow = {
    id: newId(),
    corp_id: corp.id,
    discount_id: d.id,
    user_id: user.id,
    payment_id: paymentId,
    merchant_id: req.merchantId,
    amount_cents: req.amountCents,
    discount_cents: discountCents,
    pay_cents: req.amountCents - discountCents,
    created_at: now,
    state: 'reserved',
    reserved_until: now + RESERVATION_TTL_MS,
  };
  try {
    await db.transaction().execute(async (tx) => {
      if (!(await repo.insertConsumption(tx, row))) throw new AppError('CONFLICT_IN_FLIGHT');
      await takeUnit(tx, d, user.id, campaignDay(now));
    });
  } catch (err) {
    if (!isUniqueViolation(err) && !(err instanceof AppError && err.errorName === 'CONFLICT_IN_FLIGHT')) throw err;
    const first = await repo.consumptionByPayment(db, corp.id, paymentId);
    if (!first) throw err;
    return signedOf(deps, corp, user, first);
  }
  return signedOf(deps, corp, user, row);
}
