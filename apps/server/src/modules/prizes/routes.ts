import type { prizesEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { PrizesService } from './service';

export function prizesHandlers(svc: PrizesService): HandlersOf<typeof prizesEndpoints> {
  return {
    winningList: async ({ corp, user, query }) => svc.winningList(corp, user, query.actId),
    recentWinners: async ({ corp, query }) => svc.recentWinners(corp, query.actId),
    prizeConsumeRate: async ({ corp, query }) => svc.consumeRate(corp, query.actId),
    exchange: async ({ corp, user, body, headers, req }) =>
      svc.exchange(corp, user, body.awardId, body.addNo, headers['idempotency-key'], req.ip),
    pointsBalance: async ({ corp, user }) => svc.pointsBalance(corp, user),
    myPrizes: async ({ corp, user, query }) => svc.myPrizes(corp, user, query.status),
  };
}
