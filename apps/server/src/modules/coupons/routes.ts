import type { couponsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { CouponsService } from './service';

export function couponsHandlers(svc: CouponsService): HandlersOf<typeof couponsEndpoints> {
  return {
    couponInfo: async ({ corp, user, query }) => svc.couponInfo(corp, user, query.state),
    myTicketDetail: async ({ corp, user, body }) => svc.ticketDetail(corp, user, body.couponId),
    recentGoodsType: async ({ corp, user }) => svc.recentGoodsType(corp, user),
    couponUse: async ({ corp, user, body, headers }) =>
      svc.useCoupon(corp, user, body.couponId, body.channel, headers['idempotency-key']),
  };
}
