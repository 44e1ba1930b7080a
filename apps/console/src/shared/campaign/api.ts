import type { CampaignConflict } from '@campaign/contract/client';
import { type ApiError, call, upload } from '../../api/request';

// The campaign screens' view of the server: `console-campaigns.ts` (i23b) and `console-campaign-lab.ts`
// (i23t) in the contract. Types and names come from there; this file holds the few helpers the screens share.

export type {
  ApprovalItem,
  CampaignChange,
  CampaignConflict,
  CampaignDetail,
  CampaignDraft,
  CampaignKind,
  CampaignReview,
  CampaignRow,
  CampaignSort,
  CampaignState,
  DraftPrize,
  RevisionState,
} from '@campaign/contract/client';
export {
  CAMPAIGN_KINDS,
  CAMPAIGN_STATES,
  expectedCostPer1000,
  exposure,
  oddsTable,
  unboundedPrizes,
} from '@campaign/contract/client';

/** Query keys of the reads the screens share (invalidated after a write). */
export const KEYS = {
  list: 'consoleCampaignList',
  detail: 'consoleCampaignDetail',
  diff: 'consoleCampaignDiff',
  approvals: 'consoleApprovals',
} as const;

/** The raw-bytes uploads (the request body is the file itself). */
export const uploadImage = (file: File) => upload('consoleUploadImage', file);
export const uploadWhiteList = (id: string, file: File) =>
  upload('consoleCampaignWhiteList', new Blob([file], { type: 'text/csv' }), { query: { id, kind: 'whiteList' } });

/** A coupon's code pool (ADR 0390): a CSV of 券码, one a line. */
export const uploadCodePool = (id: string, file: File) =>
  upload('consoleCampaignWhiteList', new Blob([file], { type: 'text/csv' }), { query: { id, kind: 'codes' } });

/** The campaign as the YAML `cli import` accepts, saved as `<id>.yaml`. */
export async function downloadYaml(id: string): Promise<void> {
  const { yaml } = await call('consoleCampaignYaml', { query: { id } });
  const url = URL.createObjectURL(new Blob([yaml], { type: 'text/yaml;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${id}.yaml`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const who = (w: { id: string; name: string } | string | null | undefined) =>
  w === null || w === undefined ? '—' : typeof w === 'string' ? w : w.name;

/** The 409 of a stale save (the envelope's `conflict`), if that is what this error is. */
export function conflictOf(err: unknown): CampaignConflict | null {
  const e = err as ApiError | undefined;
  if (e?.status !== 409) return null;
  const env = e.envelope as Record<string, unknown>;
  const c = (env.conflict ?? (typeof env.data === 'object' ? env.data : null)) as Partial<CampaignConflict> | null;
  return c?.mine && c.theirs ? (c as CampaignConflict) : null;
}
