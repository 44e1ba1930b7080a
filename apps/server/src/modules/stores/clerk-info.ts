import type { RequestStaff } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { StoresDeps } from './deps';
import * as repo from './repo';

/** The signed-in staff member and the stores they serve. */
export async function clerkInfo(deps: StoresDeps, corp: Corp, member: RequestStaff) {
  const rows = await repo.storesByIds(deps.database.db, corp.id, member.stores);
  return {
    staffId: member.id,
    name: member.name,
    roles: member.roles,
    stores: rows.map((s) => ({ storeId: s.id, name: s.name, cityName: s.city_name })),
  };
}
