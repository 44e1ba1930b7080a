import type { ServiceDeps } from '../../platform/services';
import { createCatalogue } from './catalogue';
import { createActivityCache } from './loaded';
import type { CampaignHaltsPort, DrawRulesPort, WhiteListPort } from './ports';
import { createPublishing } from './publishing';
import { createStock } from './stock';

export type { LoadedActivity } from './loaded';

/**
 * The activity module by use case: the catalogue customers read, publishing (operators, the CLI, the
 * rules-change approval) and the prize stock (the draw, seasons, held awards). They share the short cache
 * of loaded activities, which a publication clears.
 */
export function createActivityService(
  deps: ServiceDeps<'activity'> & { drawRules: DrawRulesPort; halts: CampaignHaltsPort; whiteLists: WhiteListPort },
) {
  const cache = createActivityCache(deps);
  return {
    catalogue: createCatalogue({ ...deps, cache }),
    publishing: createPublishing({ ...deps, cache }),
    stock: createStock(deps),
  };
}
