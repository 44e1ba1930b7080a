import { createHmac } from 'node:crypto';
import type { SignedPayment } from '@campaign/contract';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type * as repo from './repo';

/** What a signed payment binds: everything the consume trusts, and the customer it was signed for. */
type Unsigned = Omit<SignedPayment, 'sign' | 'signType'>;
function signingText(corpId: string, userId: string, p: Unsigned): string {
  return [
    corpId,
    userId,
    p.paymentId,
    p.discountId,
    p.merchantId,
    p.amountCents,
    p.discountCents,
    p.payCents,
    p.timestamp,
    p.nonce,
  ].join('|');
}
export function signPayment(secret: string, corpId: string, userId: string, p: Unsigned): string {
  return createHmac('sha256', secret)
    .update(signingText(corpId, userId, p))
    .digest('hex');
}

/** The signed payment of a reservation (a retried signing gets the same payment, freshly signed). */
export function signedOf(
  deps: ServiceDeps<'discounts'>,
  corp: Corp,
  user: RequestUser,
  c: repo.ConsumptionRow,
): SignedPayment {
  if (c.user_id !== user.id) throw new AppError('DISCOUNT_NOT_FOUND');
  if (c.state === 'released') throw new AppError('DISCOUNT_RESERVATION_EXPIRED');
  const unsigned: Unsigned = {
    paymentId: c.payment_id,
    discountId: c.discount_id,
    merchantId: c.merchant_id,
    amountCents: c.amount_cents,
    discountCents: c.discount_cents,
    payCents: c.pay_cents,
    timestamp: deps.clock(),
    nonce: newId(),
  };
  return { ...unsigned, signType: 'HMAC-SHA256', sign: signPayment(corp.appSecret, corp.id, user.id, unsigned) };
}
