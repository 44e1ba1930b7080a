import type { CampaignState } from '@campaign/contract';
import * as repo from './repo';
import { type CampaignHelpers, type CampaignsDeps, CLOCK_ACTOR } from './shared';
import { end, move } from './state-moves';

const RUNNING = ['scheduled', 'live', 'paused'] as const;

/**
 * The clock, run every few seconds on every node (each change is conditional, so two nodes never do one
 * twice): scheduled → live at starts_at; running → ended at ends_at, the activity ended and its seed revealed.
 */
export async function tickCampaigns(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  limit = 100,
): Promise<{ started: number; ended: number }> {
  const db = deps.database.db;
  const now = deps.clock();
  const { ending, starting } = await repo.due(db, now, limit);
  let started = 0;
  let ended = 0;
  const system = { actor: CLOCK_ACTOR, ip: null };
  for (const r of ending) {
    const row = await repo.getCampaign(db, r.corp_id, r.id);
    if (row && (RUNNING as readonly string[]).includes(row.state)) {
      if (await end(deps, h, system, r.corp_id, row, row.state as CampaignState)) ended++;
    }
  }
  for (const r of starting) {
    const row = await repo.getCampaign(db, r.corp_id, r.id);
    if (row?.state === 'scheduled' && (await move(deps, h, system, r.corp_id, row, 'scheduled', 'live', null)))
      started++;
  }
  return { started, ended };
}
