import type { couponsEndpoints, ordersEndpoints, prizesEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { PrizesService } from './service';

export function prizesHandlers(svc: PrizesService): HandlersOf<typeof prizesEndpoints> {
  return {
    winningList: async ({ corp, user, query }) => svc.winningList(corp, user, query.actId),
    recentWinners: async ({ corp, query }) => svc.recentWinners(corp, query.actId),
    prizeConsumeRate: async ({ corp, query }) => svc.consumeRate(corp, query.actId),
    exchange: async ({ corp, user, body, headers }) =>
      svc.exchange(corp, user, body.awardId, body.addNo, headers['idempotency-key']),
    myPrizes: async ({ corp, user, query }) => svc.myPrizes(corp, user, query.status),
  };
}

export function ordersHandlers(svc: PrizesService): HandlersOf<typeof ordersEndpoints> {
  return {
    orderList: async ({ corp, user, query }) => svc.orderList(corp, user, query.state),
    orderDetail: async ({ corp, user, query }) => svc.orderDetail(corp, user, query.orderId),
    orderConfirm: async ({ corp, user, body }) => svc.confirmOrder(corp, user, body.orderId, body.addNo),
  };
}

export function couponsHandlers(svc: PrizesService): HandlersOf<typeof couponsEndpoints> {
  return {
    couponInfo: async ({ corp, user, query }) => svc.couponInfo(corp, user, query.state),
    myTicketDetail: async ({ corp, user, body }) => svc.ticketDetail(corp, user, body.couponId),
    recentGoodsType: async ({ corp, user }) => svc.recentGoodsType(corp, user),
    couponUse: async ({ corp, user, body, headers }) =>
      svc.useCoupon(corp, user, body.couponId, body.channel, headers['idempotency-key']),
  };
}
