import type { StaffDeps } from './deps';
import * as repo from './repo';

/** Display names of staff members of a corp (ids not on the list map to themselves). */
export async function staffNames(deps: StaffDeps, corpId: string, ids: string[]): Promise<Map<string, string>> {
  return repo.staffNames(deps.database.db, corpId, ids);
}
