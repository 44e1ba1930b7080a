import type { ServiceDeps } from '../../platform/services';
import type { ActivityCache } from './loaded';
import type { CampaignHaltsPort, DrawRulesPort, WhiteListPort } from './ports';
import { stockBuckets } from './stock';

// What the activity module's use cases share (one per file, bound in catalogue.ts and publishing.ts): the
// deps, the short cache of loaded activities, and the stock buckets publication spreads.

export type ActivityDeps = ServiceDeps<'activity'> & {
  drawRules: DrawRulesPort;
  halts: CampaignHaltsPort;
  whiteLists: WhiteListPort;
};

export type ActivityContext = ActivityDeps & {
  db: ActivityDeps['database']['db'];
  cache: ActivityCache;
  buckets: ReturnType<typeof stockBuckets>;
};

export function createActivityContext(deps: ActivityDeps, cache: ActivityCache): ActivityContext {
  return { ...deps, db: deps.database.db, cache, buckets: stockBuckets(deps) };
}
