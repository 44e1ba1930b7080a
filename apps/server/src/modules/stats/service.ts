import type { Dashboard } from '@campaign/contract';
import type { Own } from '../../db/owners';
import { campaignGauges } from './campaign-gauges';
import { closeStats } from './close-stats';
import { buildDashboard } from './dashboard';
import type { StatsParts, StatsServiceDeps } from './deps';
import { drawCounter } from './draw-counter';
import { createFold } from './fold';
import { createLive } from './live';
import { readDashboard } from './read-dashboard';
import { createSink } from './sink';

export type { StatsServiceDeps } from './deps';

/**
 * A campaign's live numbers (docs/decisions/0360-stats-counters.md): the draw counts itself through
 * `drawCounter` in its own transaction, other events go through `sink`; `fold` rolls the deltas up per
 * minute, hour and in total; the dashboard and the stream read the roll-ups only. One use case per file;
 * this makes the node's fold, sink and live watchers once and binds them.
 */
export function createStatsService(deps: StatsServiceDeps) {
  const db = deps.database.db as Own<'stats'>;
  const folding = createFold(deps);
  const sink = createSink(deps);
  const live = createLive({
    fold: folding.fold,
    // The stream's ticks have just folded: no flush, no staleness check.
    dashboard: (corpId: string, actId: string | undefined): Promise<Dashboard> =>
      buildDashboard(db, deps.catalog, { corpId, actId }, deps.clock()),
    onError: (err) => deps.log.warn({ err: (err as Error).message }, 'stats stream tick failed'),
  });
  const parts: StatsParts = { deps, db, folding, sink, live, freshMs: deps.config.env === 'test' ? 0 : 250 };
  return {
    drawCounter,
    sink,
    fold: folding.fold,
    dashboard: readDashboard.bind(null, parts),
    /** Streams the dashboard: `send` gets each changed answer (within a tick of a draw on any node). */
    watch: live.subscribe,
    /** Whether a console user may open one more stream on this node (live.ts's caps). */
    mayWatch: live.mayWatch,
    gauges: campaignGauges.bind(null, parts),
    close: closeStats.bind(null, parts),
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
