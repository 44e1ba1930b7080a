import { createCatalogue } from './catalogue';
import { type ActivityDeps, createActivityContext } from './context';
import { createActivityCache } from './loaded';
import { createPublishing } from './publishing';
import { createStock } from './stock';

export type { LoadedActivity } from './loaded';

/**
 * The activity module by use case: the catalogue customers read, publishing (operators, the CLI, the
 * rules-change approval) and the prize stock (the draw, seasons, held awards). They share the short cache
 * of loaded activities, which a publication clears. Each use case is a file of its own.
 */
export function createActivityService(deps: ActivityDeps) {
  const ctx = createActivityContext(deps, createActivityCache(deps));
  return {
    catalogue: createCatalogue(ctx),
    publishing: createPublishing(ctx),
    stock: createStock(deps),
  };
}
