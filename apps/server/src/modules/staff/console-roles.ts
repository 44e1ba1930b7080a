import { consoleRolesOf, type StaffRole } from '@campaign/contract';
import { own, type PortTx } from '../../db/owners';
import { parseRoles } from '../../platform/session';
import type { StaffDeps } from './deps';
import * as repo from './repo';

/**
 * Who holds a console role now (operator, approver, auditor, admin), with those roles sorted: a staff list
 * published as a campaign may not change them (modules/campaigns, ADR 0341).
 */
export async function consoleRoles(deps: StaffDeps, corpId: string, tx?: PortTx): Promise<Map<string, StaffRole[]>> {
  // In the caller's transaction when it has one (SQLite's one writer would otherwise wait for itself).
  const rows = await repo.activeMembers(tx ? own('staff', tx) : deps.database.db, corpId);
  const held = rows.map((r) => [r.id, consoleRolesOf(parseRoles(r.roles))] as const);
  return new Map(held.filter(([, roles]) => roles.length > 0));
}
