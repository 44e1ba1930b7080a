import type { StaffRole } from '@campaign/contract';
import { parseRoles } from '../../platform/session';
import type { StaffDeps } from './deps';
import * as repo from './repo';

/** The corp's staff list as it is (a new staff-list campaign starts from it). */
export async function staffMembers(
  deps: StaffDeps,
  corpId: string,
): Promise<{ id: string; name: string; roles: StaffRole[]; stores: string[] }[]> {
  const rows = await repo.activeMembers(deps.database.db, corpId);
  return rows.map((r) => ({ id: r.id, name: r.name, roles: parseRoles(r.roles), stores: JSON.parse(r.stores) }));
}
