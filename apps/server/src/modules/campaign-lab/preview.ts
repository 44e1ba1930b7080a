import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';
import { activityOrFail, storedDraft } from './lab-steps';

// Preview links (docs/decisions/0346-preview.md): a token sealed with the server's key for the corp
// (AES-GCM: it cannot be forged or moved to another corp) naming the campaign and its expiry. Whoever holds
// the link sees the draft as a customer would and may draw; a preview draw is the engine's pick with a
// throwaway seed and stores nothing.

export interface PreviewClaim {
  /** The campaign. */
  c: string;
  /** Expiry, epoch ms. */
  exp: number;
}

function openPreview(deps: CampaignLabDeps, corp: Corp | null, token: string): PreviewClaim {
  const plain = corp ? deps.sealer.open(corp.id, token) : null;
  if (!plain) throw new AppError('PREVIEW_TOKEN_INVALID');
  const claim = JSON.parse(plain) as PreviewClaim;
  if (typeof claim.c !== 'string' || typeof claim.exp !== 'number') throw new AppError('PREVIEW_TOKEN_INVALID');
  if (claim.exp <= deps.clock()) throw new AppError('PREVIEW_TOKEN_EXPIRED');
  return claim;
}

/** The draft a preview token names, with its activity and prize table. */
export async function previewDraft(deps: CampaignLabDeps, corp: Corp | null, token: string) {
  const claim = openPreview(deps, corp, token);
  const d = await storedDraft(deps, corp?.id ?? '', claim.c);
  return { claim, ...activityOrFail(deps, d.draft, corp?.id ?? '', claim.c) };
}
