import type { CampaignState } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { type Acting, type CampaignHelpers, type CampaignsDeps, stateNow } from './shared';
import { end, move } from './state-moves';

/** Archives an ended, rejected or unsubmitted campaign (one past its end is ended first). */
export async function archiveCampaign(deps: CampaignsDeps, h: CampaignHelpers, acting: Acting, corp: Corp, id: string) {
  const row = await h.load(corp.id, id);
  const state = stateNow(row, deps.clock());
  if (!['ended', 'rejected', 'draft', 'changes_requested'].includes(state)) throw new AppError('CAMPAIGN_STATE');
  if (state === 'ended' && row.state !== 'ended') await end(deps, h, acting, corp.id, row, row.state as CampaignState);
  const fresh = await h.load(corp.id, id);
  if (!(await move(deps, h, acting, corp.id, fresh, state, 'archived', null))) throw new AppError('CAMPAIGN_STATE');
  return { state: 'archived' as const };
}
