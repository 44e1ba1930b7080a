import type { trackingEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { ServiceDeps } from '../../platform/services';
import * as repo from './repo';

export function trackingHandlers(deps: ServiceDeps): HandlersOf<typeof trackingEndpoints> {
  const db = deps.database.db;
  return {
    webpageVisit: async ({ corp, user, body }) => {
      const row = { corp_id: corp.id, act_id: body.actId, user_id: user?.id ?? null, visit_type: body.visitType };
      await repo.insertVisit(db, { ...row, created_at: deps.clock() });
      return null;
    },
    trackEvents: async ({ corp, user, body }) => {
      const now = deps.clock();
      await repo.insertEvents(
        db,
        body.events.map((e) => ({
          corp_id: corp.id,
          user_id: user?.id ?? null,
          event: e.event,
          params: e.params ? JSON.stringify(e.params) : null,
          created_at: e.ts ?? now,
        })),
      );
      return { accepted: body.events.length };
    },
  };
}
