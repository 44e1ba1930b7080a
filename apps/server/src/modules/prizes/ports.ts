/**
 * What this module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other. The award hand-over itself (AwardRequest, AwardHoldPort) is declared
 * once in platform/award-ports.ts, which both sides import.
 */

import type { Coupon } from '@campaign/contract';
import type { PortTx } from '../../db/owners';
import type { Step, TxExec } from '../../db/tx';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';

/** The activity catalogue (modules/activity): a customer-visible activity and its prize table. */
export interface ActivityCataloguePort {
  /** Refuses a missing or draft activity with ACTIVITY_NOT_FOUND. */
  visible(
    corpId: string,
    actId: string,
  ): Promise<{
    prizes: readonly { id: string; name: string; kind: string; total_stock: number | null }[];
  }>;
}

/** Stock (modules/activity): a held prize that is declined goes back to its prize's stock. */
export interface StockReturnPort {
  returnStock(tx: PortTx, corpId: string, actId: string, prizeId: string): Promise<void>;
  /** A unit taken again in the caller's transaction when a return is reversed (ADR 0393): false when none is left. */
  takeStockIn?(tx: PortTx, corpId: string, actId: string, prizeId: string): Promise<boolean>;
}

/** Orders (modules/orders): a physical prize's order, and the exchange of one the customer confirms. */
export interface OrderPort {
  /** A step of the awarding transaction: the order awaits the customer's address. */
  createOrder(
    x: TxExec,
    row: { id: string; corp_id: string; user_id: string; award_id: string; created_at: number },
  ): Step<void>;
  orderOfAward(corpId: string, userId: string, awardId: string): Promise<{ id: string } | null>;
  /** `ip`: the customer's address, for the risk engine's judgement of a risk-checked campaign's exchange. */
  confirmOrder(corp: Corp, user: RequestUser, orderId: string, addNo: string, ip?: string): Promise<unknown>;
}

/** Coupons (modules/coupons): the customer's use of a coupon prize, with its checks and replay. */
export interface CouponPort {
  useCoupon(
    corp: Corp,
    user: RequestUser,
    couponId: string,
    channel: 'store' | 'online' | 'app',
    key: string,
  ): Promise<Coupon>;
}
