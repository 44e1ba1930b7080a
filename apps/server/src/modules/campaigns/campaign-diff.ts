import { type CampaignDraft, namesOf } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import { diffDrafts } from './diff';
import { type CampaignHelpers, parseDraft } from './shared';

/** What the draft changes against the live version, path by path. */
export async function campaignDiff(h: CampaignHelpers, corp: Corp, id: string) {
  const row = await h.load(corp.id, id);
  const live = parseDraft(row.live);
  const draft = parseDraft(row.draft) as CampaignDraft;
  return { rev: row.draft_rev, changes: diffDrafts(live, draft), names: namesOf(live, draft) };
}
