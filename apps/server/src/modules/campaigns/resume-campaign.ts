import type { CampaignState } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { type Acting, type CampaignHelpers, type CampaignsDeps, stateNow } from './shared';
import { move } from './state-moves';

/** Resumes a paused campaign: live again, or scheduled when it has not started yet. */
export async function resumeCampaign(deps: CampaignsDeps, h: CampaignHelpers, acting: Acting, corp: Corp, id: string) {
  const row = await h.load(corp.id, id);
  const now = deps.clock();
  if (stateNow(row, now) !== 'paused') throw new AppError('CAMPAIGN_STATE');
  const to: CampaignState = row.starts_at !== null && now < Number(row.starts_at) ? 'scheduled' : 'live';
  const ok = await move(deps, h, acting, corp.id, row, 'paused', to, (tx) =>
    deps.live.setPaused(handOver(tx), corp.id, id, false),
  );
  if (!ok) throw new AppError('CAMPAIGN_STATE');
  return { state: to };
}
