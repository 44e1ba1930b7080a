import type { ordersEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { OrdersService } from './service';

export function ordersHandlers(svc: OrdersService): HandlersOf<typeof ordersEndpoints> {
  return {
    orderList: async ({ corp, user, query }) => svc.orderList(corp, user, query.state),
    orderDetail: async ({ corp, user, query }) => svc.orderDetail(corp, user, query.orderId),
    orderConfirm: async ({ corp, user, body, req }) => svc.confirmOrder(corp, user, body.orderId, body.addNo, req.ip),
  };
}
