import type { growthEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { GrowthService } from './service';

export function growthHandlers(svc: GrowthService): HandlersOf<typeof growthEndpoints> {
  return {
    offerDetail: async ({ corp, user, query }) => svc.offer(corp, user, query.actId),
    offerClaim: async ({ corp, user, body, req }) => svc.claim(corp, user, body.actId, req.ip),
    inviteTaskDetail: async ({ corp, user, query }) => svc.inviteTask(corp, user, query.actId),
    inviteQrCode: async ({ corp, user, body, req }) =>
      svc.inviteLink(corp, user, body.actId, body.origin, `${req.protocol}://${req.host}`),
    inviteSuccessInfo: async ({ corp, user, body }) => svc.inviteSuccess(corp, user, body.actId),
    inviteAccept: async ({ corp, user, body, req }) => svc.acceptInvite(corp, user, body.token, req.ip),
  };
}
