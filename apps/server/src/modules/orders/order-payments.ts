import type { OrderState } from '@campaign/contract';
import { own, type PortTx } from '../../db/owners';
import type { OrdersDeps } from './deps';
import * as repo from './repo';

/** The payments module's OrderPaymentPort: the order a payment result names, and its move. */
export function orderPayments(deps: OrdersDeps) {
  const db = deps.database.db;
  return {
    forPayment: (corpId: string, orderId: string) => repo.orderInCorp(db, corpId, orderId),
    apply: (
      tx: PortTx,
      corpId: string,
      orderId: string,
      move: { from: readonly OrderState[]; to: OrderState },
      n: { paymentId: string; amountCents: number; now: number },
    ) => repo.applyPayment(own('orders', tx), corpId, orderId, move, n),
  };
}
