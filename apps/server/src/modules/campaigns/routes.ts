import type { campaignsEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import { requestLocale } from '../../platform/http';
import type { CampaignsService } from './service';

export function campaignsHandlers(svc: CampaignsService): HandlersOf<typeof campaignsEndpoints> {
  const acting = (who: { id: string; name: string; roles: string[] }, req: Parameters<typeof requestLocale>[0]) => ({
    actor: { id: who.id, name: who.name, roles: who.roles },
    ip: req.ip,
    locale: requestLocale(req),
  });
  const { reads, lifecycle, running } = svc;
  return {
    consoleCampaignList: async ({ corp, query }) => reads.list(corp, query),
    consoleCampaignCreate: async ({ corp, console: who, body, req }) => lifecycle.create(acting(who, req), corp, body),
    consoleCampaignDetail: async ({ corp, query }) => reads.detail(corp, query.id),
    consoleCampaignSave: async ({ corp, console: who, body, req }) => lifecycle.save(acting(who, req), corp, body),
    consoleCampaignCheck: async ({ corp, body, req }) => reads.check(corp, body.id, body.draft, requestLocale(req)),
    consoleCampaignSubmit: async ({ corp, console: who, body, req }) => lifecycle.submit(acting(who, req), corp, body),
    consoleCampaignDiff: async ({ corp, query }) => reads.diff(corp, query.id),
    consoleCampaignReview: async ({ corp, console: who, body, req }) => lifecycle.review(acting(who, req), corp, body),
    consoleCampaignPause: async ({ corp, console: who, body, req }) => running.pause(acting(who, req), corp, body.id),
    consoleCampaignPauseMany: async ({ corp, console: who, body, req }) =>
      running.pauseMany(acting(who, req), corp, body.ids),
    consoleCampaignExport: async ({ corp, query }) => reads.exportCsv(corp, query),
    consoleCampaignResume: async ({ corp, console: who, body, req }) => running.resume(acting(who, req), corp, body.id),
    consoleCampaignArchive: async ({ corp, console: who, body, req }) =>
      running.archive(acting(who, req), corp, body.id),
    consoleApprovals: async ({ corp, console: who }) => reads.approvals(corp, who.id),
    consoleCampaignSlots: async ({ corp, query }) => reads.slots(corp, query.id),
  };
}
