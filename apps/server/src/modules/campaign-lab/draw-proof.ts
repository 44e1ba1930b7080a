import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import type { CampaignLabDeps } from './deps';

/** One draw's published data and its recomputation (the public verify page). */
export async function drawProof(deps: CampaignLabDeps, corp: Corp, drawId: string) {
  const proof = await deps.proofs.proof(corp.id, drawId);
  if (!proof) throw new AppError('DRAW_NOT_FOUND');
  return proof;
}
