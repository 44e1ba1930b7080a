import type { CampaignState } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import * as repo from './repo';
import type { Acting, CampaignHelpers, CampaignsDeps } from './shared';

/** One state change of the campaign and, when it has one, of its activity, audited, in one transaction. */
export async function move(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  acting: Pick<Acting, 'actor' | 'ip'>,
  corpId: string,
  row: repo.CampaignRowDb,
  from: CampaignState,
  to: CampaignState,
  activity: ((tx: Parameters<typeof handOver>[0]) => Promise<void>) | null,
): Promise<boolean> {
  const now = deps.clock();
  const moved = await deps.database.db.transaction().execute(async (tx) => {
    const ok = await repo.setStateIf(own('campaigns', tx), corpId, row.id, [row.state], {
      state: to,
      updated_at: now,
      updated_by: acting.actor.id,
    });
    if (!ok) return false;
    if (activity) await activity(tx);
    const verb = to === 'paused' ? 'pause' : from === 'paused' ? 'resume' : to === 'archived' ? 'archive' : to;
    await h.audit(handOver(tx), acting, corpId, `campaign.${verb}`, row.id, { state: from }, { state: to });
    return true;
  });
  // Forgotten again after the commit: a read between the change and the commit cannot keep the old state.
  if (moved && row.version !== null) deps.live.forget(corpId, row.id);
  return moved;
}

/** Ends a campaign: the activity ends first (no more draws, the seed revealed); the campaign follows. */
export async function end(
  deps: CampaignsDeps,
  h: CampaignHelpers,
  acting: Pick<Acting, 'actor' | 'ip'>,
  corpId: string,
  row: repo.CampaignRowDb,
  from: CampaignState,
) {
  if (row.version !== null) await deps.live.end(corpId, row.id);
  return move(deps, h, acting, corpId, row, from, 'ended', null);
}
