import { type AddressSnapshot, addressSnapshotSchema, type Order, type OrderState } from '@campaign/contract';
import { handOver, own, type PortTx } from '../../db/owners';
import type { Step, TxExec } from '../../db/tx';
import { orderState } from '../../platform/claim-states';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { AddressBookPort, AwardExchangePort } from './ports';
import * as repo from './repo';
import { toOrder } from './state';

/** Physical prizes' orders: the address the customer confirms, the operator's moves, payment results. */
export function createOrdersService(
  deps: ServiceDeps<'orders'> & { addressBook: AddressBookPort; awards: AwardExchangePort },
) {
  const db = deps.database.db;
  const { clock, addressBook, awards } = deps;

  return {
    /** A physical prize's order awaiting its address: a step of the awarding transaction (prizes' OrderPort). */
    *createOrder(
      x: TxExec,
      row: { id: string; corp_id: string; user_id: string; award_id: string; created_at: number },
    ): Step<void> {
      yield* repo.createOrder(x, row);
    },

    async orderList(corp: Corp, user: RequestUser, state?: OrderState) {
      const now = clock();
      const orders = (await repo.listOrders(db, corp.id, user.id)).map((o) => toOrder(o, now));
      return state ? orders.filter((o) => o.state === state) : orders;
    },

    async orderDetail(corp: Corp, user: RequestUser, orderId: string) {
      const o = await repo.getOrder(db, corp.id, user.id, orderId);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      return toOrder(o, clock());
    },

    async orderOfAward(corpId: string, userId: string, awardId: string) {
      return (await repo.getOrderByAward(db, corpId, userId, awardId)) ?? null;
    },

    async confirmOrder(corp: Corp, user: RequestUser, orderId: string, addNo: string): Promise<Order> {
      // Read before the transaction: the address book reads outside it (one SQLite connection).
      const address = await addressBook.get(corp.id, user.id, addNo);
      if (!address) throw new AppError('ADDRESS_NOT_FOUND');
      const snapshot: AddressSnapshot = {
        name: address.name,
        mobile: address.mobile,
        provinceName: address.provinceName,
        cityName: address.cityName,
        districtName: address.districtName,
        districtCode: address.districtCode,
        detail: address.detail,
      };
      return db.transaction().execute(async (tx) => {
        const o = await repo.getOrder(tx, corp.id, user.id, orderId);
        if (!o) throw new AppError('ORDER_NOT_FOUND');
        const now = clock();
        const state = orderState(o, now);
        if (state === 'confirmed' && o.address_snapshot) {
          // A retried confirm with the same address gets the same answer; another address is refused.
          const given = addressSnapshotSchema.parse(JSON.parse(o.address_snapshot));
          if (JSON.stringify(given) === JSON.stringify(snapshot)) return toOrder(o, now);
          throw new AppError('ORDER_STATE');
        }
        if (state === 'expired') throw new AppError('ORDER_EXPIRED');
        if (state !== 'awaiting_address') throw new AppError('ORDER_STATE');
        const ok = await repo.confirmOrder(tx, corp.id, orderId, {
          address_snapshot: JSON.stringify(snapshot),
          address_id: addNo,
          now,
        });
        if (!ok) throw new AppError('ORDER_STATE');
        await awards.markExchanged(handOver(tx), corp.id, o.award_id, now);
        const after = await repo.getOrder(tx, corp.id, user.id, orderId);
        if (!after) throw new AppError('ORDER_NOT_FOUND');
        return toOrder(after, now);
      });
    },

    /** Operator moves (CLI `order ship|deliver|close`). */
    async moveOrder(
      corpId: string,
      orderId: string,
      to: 'shipped' | 'delivered' | 'closed',
      trackingNo?: string,
    ): Promise<OrderState> {
      const from: Record<typeof to, readonly OrderState[]> = {
        shipped: ['confirmed', 'paid'],
        delivered: ['shipped'],
        closed: ['awaiting_address', 'confirmed', 'paid', 'payment_failed'],
      };
      const o = await repo.orderInCorp(db, corpId, orderId);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      const ok = await repo.moveOrder(db, corpId, orderId, from[to], to, clock(), trackingNo);
      if (!ok) throw new AppError('ORDER_STATE', `${o.status} → ${to}`);
      return to;
    },

    /** The payments module's OrderPaymentPort: the order a payment result names, and its move. */
    payments: {
      forPayment: (corpId: string, orderId: string) => repo.orderInCorp(db, corpId, orderId),
      apply: (
        tx: PortTx,
        corpId: string,
        orderId: string,
        move: { from: readonly OrderState[]; to: OrderState },
        n: { paymentId: string; amountCents: number; now: number },
      ) => repo.applyPayment(own('orders', tx), corpId, orderId, move, n),
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
