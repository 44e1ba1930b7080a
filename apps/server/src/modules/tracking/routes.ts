import type { trackingEndpoints } from '@campaign/contract';
import { sha256Hex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { HandlersOf } from '../../platform/http';
import type { ServiceDeps } from '../../platform/services';
import { channelOf, channelOfAgent, type StatsSinkPort } from '../../platform/stats-port';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';

/** Whether the corp has this activity (a port: the activity module owns activities). */
export type ActivityExists = (corp: Corp, actId: string) => Promise<boolean>;

export function trackingHandlers(
  deps: ServiceDeps<'tracking'>,
  ports: { activityExists: ActivityExists; stats?: StatsSinkPort },
): HandlersOf<typeof trackingEndpoints> {
  const db = deps.database.db;
  return {
    webpageVisit: async ({ corp, user, body, locale, req }) => {
      // Page views are anonymous writes: only for activities that exist, so made-up ids store nothing.
      if (!(await ports.activityExists(corp, body.actId))) {
        throw new AppError('NOT_FOUND', locale === 'zh-CN' ? `活动 ${body.actId}` : `activity ${body.actId}`);
      }
      const row = { corp_id: corp.id, act_id: body.actId, user_id: user?.id ?? null, visit_type: body.visitType };
      const at = deps.clock();
      await repo.insertVisit(db, { ...row, created_at: at });
      // The dashboard's page views and visitors (modules/stats); an anonymous visitor by a hash, never the address.
      ports.stats?.pageView({
        corpId: corp.id,
        actId: body.actId,
        at,
        userId: user?.id ?? null,
        anon: sha256Hex(`${req.ip}|${req.headers['user-agent'] ?? ''}`).slice(0, 24),
        channel: user ? channelOf(user.loginMethod) : channelOfAgent(req.headers['user-agent']),
      });
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
