import type { Own } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import type { createFold } from './fold';
import type { createLive } from './live';
import type { StatsCatalogPort } from './ports';
import type { createSink } from './sink';

export interface StatsServiceDeps extends ServiceDeps<'stats'> {
  catalog: StatsCatalogPort;
}

/** What the stats use cases take: the deps and the node's parts service.ts makes once (fold, sink, live). */
export interface StatsParts {
  deps: StatsServiceDeps;
  db: Own<'stats'>;
  folding: ReturnType<typeof createFold>;
  sink: ReturnType<typeof createSink>;
  live: ReturnType<typeof createLive>;
  /** A read folds unless a fold finished this long ago (wall-clock ms; well inside the 2 s promise). */
  freshMs: number;
}
