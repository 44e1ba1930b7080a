import type { PaymentResultBody } from '@campaign/contract';
import { applyResult, type PaymentOutcome } from './apply-result';
import type { PaymentsDeps } from './deps';

/** The payment side's notification (its signature was checked by the route). */
export async function paymentResult(deps: PaymentsDeps, corpId: string, n: PaymentResultBody): Promise<PaymentOutcome> {
  return applyResult(deps, corpId, n, 'callback');
}
