import type { CampaignDraft, CampaignFilter, Locale } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import { campaignDetail } from './campaign-detail';
import { campaignDiff } from './campaign-diff';
import { checkDraft } from './check-draft';
import { entrySlots } from './entry-slots';
import { exportCampaigns } from './export-campaigns';
import { type ListQuery, listCampaigns } from './list-campaigns';
import { myApprovals } from './my-approvals';
import type { CampaignHelpers, CampaignsDeps } from './shared';

/** What the console reads: the paged list and its CSV, one campaign, its diff, the checks' verdict, my approvals. */
export function createReads(deps: CampaignsDeps, h: CampaignHelpers) {
  return {
    list: (corp: Corp, q: ListQuery) => listCampaigns(deps, h, corp, q),
    exportCsv: (corp: Corp, f: CampaignFilter) => exportCampaigns(deps, h, corp, f),
    detail: (corp: Corp, id: string) => campaignDetail(deps, h, corp, id),
    diff: (corp: Corp, id: string) => campaignDiff(h, corp, id),
    check: (corp: Corp, id: string, draft: CampaignDraft, locale: Locale) =>
      checkDraft(deps, h, corp, id, draft, locale),
    approvals: (corp: Corp, staffId: string) => myApprovals(deps, h, corp, staffId),
    slots: (corp: Corp, id: string) => entrySlots(deps, h, corp, id),
  };
}
