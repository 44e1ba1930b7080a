import type { CampaignDraft, CampaignKind } from '@campaign/contract';
import type { CampaignDraftsPort } from './modules/campaign-lab/ports';
import { fileOf } from './modules/campaigns/file';
import type { CampaignsService } from './modules/campaigns/service';
import { shapeProblems } from './modules/campaigns/shape';
import { AppError } from './platform/errors';
import type { BaseDeps } from './platform/services';

/**
 * The campaign lab's view of the drafts (modules/campaign-lab/ports.ts), made of the campaigns module's own
 * reads and writes: a YAML import creates or saves a draft exactly as the editor does (its checks, its
 * 409 on a stale rev, its audit entries), and the YAML export is the file approval would publish.
 */
export function campaignDraftsPort(base: BaseDeps, campaigns: CampaignsService): CampaignDraftsPort {
  const corpOf = async (corpId: string) => {
    const corp = await base.corps.get(base.database.db, corpId, base.clock());
    if (!corp) throw new AppError('CORP_UNKNOWN');
    return corp;
  };
  const draftOf: CampaignDraftsPort['draftOf'] = async (corpId, id) => {
    try {
      const d = await campaigns.reads.detail(await corpOf(corpId), id);
      return {
        id,
        title: d.campaign.title,
        kind: d.campaign.kind,
        state: d.campaign.state,
        rev: d.rev,
        draft: d.draft,
      };
    } catch (err) {
      if (err instanceof AppError && err.errorName === 'CAMPAIGN_NOT_FOUND') return null;
      throw err;
    }
  };
  return {
    draftOf,
    fileOf: (corpId, id, draft) => fileOf(corpId, id, draft as CampaignDraft),
    async importDraft(acting, corpId, input) {
      const corp = await corpOf(corpId);
      const who = { ...acting, locale: acting.locale ?? 'zh-CN' };
      const existing = input.id ? await draftOf(corpId, input.id) : null;
      const draft = { ...(input.draft as object), kind: existing?.kind ?? input.kind } as CampaignDraft;
      // The draft's types before anything is made of it: a refused import leaves no new campaign behind.
      const shape = shapeProblems(draft, who.locale);
      if (Object.keys(shape).length) throw new AppError('CAMPAIGN_INVALID', undefined, { fields: shape });
      const base_ = existing
        ? { id: existing.id, rev: existing.rev }
        : await campaigns.lifecycle.create(who, corp, {
            kind: input.kind as CampaignKind,
            title: input.title,
            id: input.id,
          });
      const saved = await campaigns.lifecycle.save(who, corp, { id: base_.id, draft, baseRev: base_.rev });
      return { id: base_.id, rev: saved.rev };
    },
  };
}
