import type { StaffRole } from '@campaign/contract';
import { own, type PortTx } from '../../db/owners';
import { parseRoles } from '../../platform/session';
import * as repo from './repo';

/**
 * The console admin's changes to the staff list (modules/console's StaffAdminPort), each inside the
 * caller's transaction so its audit entry commits with it.
 */
export const staffAdmin = {
  async get(tx: PortTx, corpId: string, staffId: string) {
    const r = await repo.anyStaff(own('staff', tx), corpId, staffId);
    return r ? { id: r.id, name: r.name, roles: parseRoles(r.roles), active: r.active === 1 } : null;
  },
  add: (tx: PortTx, row: { corpId: string; id: string; name: string; roles: StaffRole[]; now: number }) =>
    repo.insertStaff(own('staff', tx), row),
  update: (
    tx: PortTx,
    corpId: string,
    staffId: string,
    set: { roles?: StaffRole[]; active?: boolean; name?: string; now: number },
  ) => repo.updateStaff(own('staff', tx), corpId, staffId, set),
};
