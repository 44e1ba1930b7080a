/**
 * What the payments module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

import type { OrderState } from '@campaign/contract';
import type { PortTx } from '../../db/owners';

/** The orders module: the order a payment result names, and its move inside the result's transaction. */
export interface OrderPaymentPort {
  forPayment(
    corpId: string,
    orderId: string,
  ): Promise<{ id: string; status: OrderState; payment_id: string | null; paid_cents: number | null } | undefined>;
  /** False when the order is not in a state the result may follow (nothing changed). */
  apply(
    tx: PortTx,
    corpId: string,
    orderId: string,
    move: { from: readonly OrderState[]; to: OrderState },
    n: { paymentId: string; amountCents: number; now: number },
  ): Promise<boolean>;
}
