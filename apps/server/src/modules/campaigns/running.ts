import type { CampaignState } from '@campaign/contract';
import { handOver, own } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { type Acting, type CampaignHelpers, type CampaignsDeps, CLOCK_ACTOR, stateNow } from './shared';

const RUNNING = ['scheduled', 'live', 'paused'] as const;

/** A published campaign running: pause and resume (every node within 2 s), archive, and the clock. */
export function createRunning(deps: CampaignsDeps, h: CampaignHelpers) {
  const db = deps.database.db;
  const { clock } = deps;

  /** One state change of the campaign and, when it has one, of its activity, audited, in one transaction. */
  async function move(
    acting: Pick<Acting, 'actor' | 'ip'>,
    corpId: string,
    row: repo.CampaignRowDb,
    from: CampaignState,
    to: CampaignState,
    activity: ((tx: Parameters<typeof handOver>[0]) => Promise<void>) | null,
  ): Promise<boolean> {
    const now = clock();
    const moved = await db.transaction().execute(async (tx) => {
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

  async function end(
    acting: Pick<Acting, 'actor' | 'ip'>,
    corpId: string,
    row: repo.CampaignRowDb,
    from: CampaignState,
  ) {
    // The activity ends first (no more draws, the seed revealed); the campaign follows.
    if (row.version !== null) await deps.live.end(corpId, row.id);
    return move(acting, corpId, row, from, 'ended', null);
  }

  return {
    async pause(acting: Acting, corp: Corp, id: string) {
      const row = await h.load(corp.id, id);
      const state = stateNow(row, clock());
      if ((state !== 'live' && state !== 'scheduled') || row.version === null) throw new AppError('CAMPAIGN_STATE');
      const ok = await move(acting, corp.id, row, state, 'paused', (tx) =>
        deps.live.setPaused(handOver(tx), corp.id, id, true),
      );
      if (!ok) throw new AppError('CAMPAIGN_STATE');
      return { state: 'paused' as const };
    },

    async resume(acting: Acting, corp: Corp, id: string) {
      const row = await h.load(corp.id, id);
      const now = clock();
      if (stateNow(row, now) !== 'paused') throw new AppError('CAMPAIGN_STATE');
      const to: CampaignState = row.starts_at !== null && now < Number(row.starts_at) ? 'scheduled' : 'live';
      const ok = await move(acting, corp.id, row, 'paused', to, (tx) =>
        deps.live.setPaused(handOver(tx), corp.id, id, false),
      );
      if (!ok) throw new AppError('CAMPAIGN_STATE');
      return { state: to };
    },

    async archive(acting: Acting, corp: Corp, id: string) {
      const row = await h.load(corp.id, id);
      const state = stateNow(row, clock());
      if (!['ended', 'rejected', 'draft', 'changes_requested'].includes(state)) throw new AppError('CAMPAIGN_STATE');
      if (state === 'ended' && row.state !== 'ended') await end(acting, corp.id, row, row.state as CampaignState);
      const fresh = await h.load(corp.id, id);
      if (!(await move(acting, corp.id, fresh, state, 'archived', null))) throw new AppError('CAMPAIGN_STATE');
      return { state: 'archived' as const };
    },

    /**
     * The clock, run every few seconds on every node (each change is conditional, so two nodes never do one
     * twice): scheduled → live at starts_at; running → ended at ends_at, the activity ended and its seed revealed.
     */
    async tick(limit = 100): Promise<{ started: number; ended: number }> {
      const now = clock();
      const { ending, starting } = await repo.due(db, now, limit);
      let started = 0;
      let ended = 0;
      const system = { actor: CLOCK_ACTOR, ip: null };
      for (const r of ending) {
        const row = await repo.getCampaign(db, r.corp_id, r.id);
        if (row && (RUNNING as readonly string[]).includes(row.state)) {
          if (await end(system, r.corp_id, row, row.state as CampaignState)) ended++;
        }
      }
      for (const r of starting) {
        const row = await repo.getCampaign(db, r.corp_id, r.id);
        if (row?.state === 'scheduled' && (await move(system, r.corp_id, row, 'scheduled', 'live', null))) started++;
      }
      return { started, ended };
    },
  };
}
