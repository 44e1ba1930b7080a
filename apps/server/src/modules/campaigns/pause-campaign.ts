import { handOver } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import { type Acting, type CampaignHelpers, type CampaignsDeps, stateNow } from './shared';
import { move } from './state-moves';

/** Pauses a live or scheduled campaign and its activity (every node within 2 s). */
export async function pauseCampaign(deps: CampaignsDeps, h: CampaignHelpers, acting: Acting, corp: Corp, id: string) {
  const row = await h.load(corp.id, id);
  const state = stateNow(row, deps.clock());
  if ((state !== 'live' && state !== 'scheduled') || row.version === null) throw new AppError('CAMPAIGN_STATE');
  const ok = await move(deps, h, acting, corp.id, row, state, 'paused', (tx) =>
    deps.live.setPaused(handOver(tx), corp.id, id, true),
  );
  if (!ok) throw new AppError('CAMPAIGN_STATE');
  return { state: 'paused' as const };
}
