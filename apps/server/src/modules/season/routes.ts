import type { seasonEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { SeasonService } from './service';

export function seasonHandlers(svc: SeasonService): HandlersOf<typeof seasonEndpoints> {
  return {
    seasonHome: async ({ corp, user, query }) => svc.home(corp, user, query.actId),
    seasonRank: async ({ corp, user, query }) => svc.rank(corp, user, query.actId),
    seasonTasks: async ({ corp, user, query }) => svc.tasks(corp, user, query.actId),
    seasonSignIn: async ({ corp, user, body, req }) => svc.signIn(corp, user, body.actId, body.taskId, req.ip),
    seasonVisitStart: async ({ corp, user, body }) => svc.visitStart(corp, user, body.actId, body.taskId),
    seasonVisitFinish: async ({ corp, user, body, req }) =>
      svc.visitFinish(corp, user, body.actId, body.taskId, body.token, req.ip),
    seasonPrizes: async ({ corp, user, query }) => svc.prizeList(corp, user, query.actId),
  };
}
