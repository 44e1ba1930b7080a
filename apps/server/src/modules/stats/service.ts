import type { Dashboard } from '@campaign/contract';
import type { Own } from '../../db/owners';
import type { Step, TxExec } from '../../db/tx';
import type { ServiceDeps } from '../../platform/services';
import type { DrawCounted, DrawCounterPort } from '../../platform/stats-port';
import { buildDashboard } from './dashboard';
import { createFold } from './fold';
import { createLive } from './live';
import type { StatsCatalogPort } from './ports';
import * as repo from './repo';
import { createSink } from './sink';

export interface StatsServiceDeps extends ServiceDeps<'stats'> {
  catalog: StatsCatalogPort;
}

/**
 * A campaign's live numbers (docs/decisions/0360-stats-counters.md): the draw counts itself through
 * `drawCounter` in its own transaction, other events go through `sink`; `fold` rolls the deltas up per
 * minute, hour and in total; the dashboard and the stream read the roll-ups only.
 */
export function createStatsService(deps: StatsServiceDeps) {
  const db = deps.database.db as Own<'stats'>;
  const folding = createFold(deps);
  const { fold } = folding;
  /** A read folds unless a fold finished this long ago (wall-clock ms; well inside the 2 s promise). */
  const FRESH_MS = deps.config.env === 'test' ? 0 : 250;
  const sink = createSink(deps);

  async function dashboard(corpId: string, actId: string | undefined): Promise<Dashboard> {
    return buildDashboard(db, deps.catalog, { corpId, actId }, deps.clock());
  }

  const live = createLive({
    fold,
    dashboard,
    onError: (err) => deps.log.warn({ err: (err as Error).message }, 'stats stream tick failed'),
  });

  const drawCounter: DrawCounterPort = {
    *counted(x: TxExec, d: DrawCounted): Step<void> {
      yield* repo.addDelta(x, {
        corp_id: d.corpId,
        act_id: d.actId,
        at: d.at,
        channel: d.channel,
        metric: d.first ? 'draw1' : 'draw',
        prize_id: d.prizeId ?? '',
        n: 1,
        cents: d.valueCents,
      });
    },
  };

  return {
    drawCounter,
    sink,
    fold,
    /** The numbers as of the last fold plus whatever is waiting now. */
    async dashboard(corpId: string, actId?: string): Promise<Dashboard> {
      await sink.flush();
      await folding.foldIfStale(FRESH_MS);
      return dashboard(corpId, actId);
    },
    /** Streams the dashboard: `send` gets each changed answer (within a tick of a draw on any node). */
    watch: live.subscribe,
    /** Whether a console user may open one more stream on this node (live.ts's caps). */
    mayWatch: live.mayWatch,
    /** Every campaign's draws, wins and spend, and each prize's stock (the /metrics gauges). */
    async gauges() {
      await fold();
      const rows = await repo.perCampaign(db, null);
      const byCampaign = new Map<
        string,
        { corpId: string; actId: string; draws: number; wins: number; cents: number }
      >();
      for (const r of rows) {
        const key = `${r.corp_id}|${r.act_id}`;
        const c = byCampaign.get(key) ?? { corpId: r.corp_id, actId: r.act_id, draws: 0, wins: 0, cents: 0 };
        if (r.metric === 'draw') c.draws += r.n;
        else {
          c.wins += r.n;
          c.cents += r.cents;
        }
        byCampaign.set(key, c);
      }
      const out = [];
      for (const c of byCampaign.values()) {
        out.push({ ...c, stock: await deps.catalog.stockLeft(c.corpId, c.actId) });
      }
      return out;
    },
    async close() {
      live.close();
      sink.close();
      await sink.flush();
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
