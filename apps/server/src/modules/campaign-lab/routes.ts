import type { campaignLabEndpoints } from '@campaign/contract';
import type { HandlersOf } from '../../platform/http';
import type { CampaignLabService } from './service';

export function campaignLabHandlers(svc: CampaignLabService): HandlersOf<typeof campaignLabEndpoints> {
  const acting = (who: { id: string; name: string; roles: string[] }, ip: string, locale?: 'zh-CN' | 'en-US') => ({
    actor: { id: who.id, name: who.name, roles: who.roles },
    ip,
    ...(locale ? { locale } : {}),
  });
  return {
    consoleCampaignSimulate: async ({ corp, console: who, body, req, locale }) =>
      svc.simulate(acting(who, req.ip, locale), corp, body),
    consoleCampaignPreview: async ({ corp, console: who, body, req }) =>
      svc.preview(acting(who, req.ip), corp, body.id),
    // An upload's body is the request stream (platform/http.ts, the endpoint's `upload`).
    consoleUploadImage: async ({ corp, console: who, req }) => svc.uploadImage(acting(who, req.ip), corp, req.body),
    consoleCampaignWhiteList: async ({ corp, console: who, query, req }) =>
      svc.uploadList(acting(who, req.ip), corp, query, req.body),
    consoleCampaignYaml: async ({ corp, console: who, query, req }) =>
      svc.exportYaml(acting(who, req.ip), corp, query.id),
    consoleCampaignImportYaml: async ({ corp, console: who, body, req, locale }) =>
      svc.importYaml(acting(who, req.ip, locale), corp, body),
    previewPage: async ({ corp, query }) => svc.previewPage(corp, query.token),
    previewDraw: async ({ corp, body }) => svc.previewDraw(corp, body.token),
    fairnessDraw: async ({ corp, query }) => svc.drawProof(corp, query.drawId),
  };
}
