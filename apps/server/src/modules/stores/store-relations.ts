import type { Corp } from '../../platform/tenancy';
import type { StoresDeps } from './deps';
import * as repo from './repo';

/** Which store lists redeem which activities, by list or by activity. */
export async function storeRelations(
  deps: StoresDeps,
  corp: Corp,
  by: { listId?: string | undefined; actId?: string | undefined },
) {
  return {
    relations: await repo.relations(deps.database.db, corp.id, {
      ...(by.listId !== undefined ? { listId: by.listId } : {}),
      ...(by.actId !== undefined ? { actId: by.actId } : {}),
    }),
  };
}
