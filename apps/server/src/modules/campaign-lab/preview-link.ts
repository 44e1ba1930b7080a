import { PREVIEW_TTL_SEC } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { activityOrFail, record, storedDraft } from './lab-steps';
import type { Acting } from './ports';
import type { PreviewClaim } from './preview';

/** A link to the H5 preview of the draft, valid PREVIEW_TTL_SEC (it can be sent to an approver). */
export async function previewLink(deps: CampaignLabDeps, acting: Acting, corp: Corp, id: string) {
  const d = await storedDraft(deps, corp.id, id);
  activityOrFail(deps, d.draft, corp.id, id);
  const expiresAt = deps.clock() + PREVIEW_TTL_SEC * 1000;
  const token = deps.sealer.seal(corp.id, JSON.stringify({ c: id, exp: expiresAt } satisfies PreviewClaim));
  await record(deps, acting, corp.id, 'campaign.preview-link', id, { rev: d.rev, expiresAt });
  const q = new URLSearchParams({ corpId: corp.id, token });
  return { url: `/preview?${q}`, token, expiresAt };
}
