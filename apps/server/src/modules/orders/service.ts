import { confirmOrder } from './confirm-order';
import { createOrder } from './create-order';
import type { OrdersDeps } from './deps';
import { moveOrder } from './move-order';
import { orderDetail } from './order-detail';
import { orderList } from './order-list';
import { orderOfAward } from './order-of-award';
import { orderPayments } from './order-payments';

/**
 * Physical prizes' orders: the address the customer confirms, the operator's moves, payment results. One
 * use case per file; this only binds them to the module's deps.
 */
export function createOrdersService(deps: OrdersDeps) {
  return {
    createOrder,
    orderList: orderList.bind(null, deps),
    orderDetail: orderDetail.bind(null, deps),
    orderOfAward: orderOfAward.bind(null, deps),
    confirmOrder: confirmOrder.bind(null, deps),
    moveOrder: moveOrder.bind(null, deps),
    payments: orderPayments(deps),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
