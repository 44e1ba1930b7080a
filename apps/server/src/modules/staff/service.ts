import { consoleRolesOf, type StaffMember, type StaffRole } from '@campaign/contract';
import { own, type PortTx } from '../../db/owners';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { endStaffSession, parseRoles, type RequestStaff, startStaffSession } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { TicketNoncePort } from './ports';
import * as repo from './repo';
import { checkStaffTicket } from './ticket';

export function toStaffMember(s: RequestStaff): StaffMember {
  return { corpId: s.corpId, staffId: s.id, name: s.name, roles: s.roles, stores: s.stores };
}

/** Staff identity (docs/decisions/0320-staff-roles.md): log-in with a staff ticket, names for display. */
export function createStaffService(deps: ServiceDeps<'staff'> & { nonces: TicketNoncePort }) {
  const db = deps.database.db;
  const { clock } = deps;
  return {
    /**
     * A staff ticket of this corp, for a member on the corp's staff list: the session gets the ticket's
     * roles, each of which the list must grant (a host app cannot promote anyone).
     */
    async login(corp: Corp, ticket: string, previousToken?: string) {
      const now = clock();
      const check = checkStaffTicket(ticket, corp.appSecret, corp.id, now);
      if (!check.ok) throw new AppError(check.reason);
      const { staffId, roles, nonce, exp } = check.payload;
      const row = await repo.getStaff(db, corp.id, staffId);
      if (!row) throw new AppError('STAFF_UNKNOWN');
      const listed = new Set(parseRoles(row.roles));
      if (!roles.every((r) => listed.has(r))) throw new AppError('STAFF_ROLE_REQUIRED');
      if (!(await deps.nonces.claimTicketNonce(corp.id, nonce, exp))) throw new AppError('TICKET_REPLAYED');
      const token = await startStaffSession(db, {
        corpId: corp.id,
        staffId,
        roles,
        now,
        cfg: deps.config.session,
        previousToken,
      });
      const staff: RequestStaff = {
        id: staffId,
        corpId: corp.id,
        name: row.name,
        roles,
        stores: JSON.parse(row.stores) as string[],
      };
      return { token, staff: toStaffMember(staff), maxAgeMs: deps.config.session.absoluteMs };
    },

    async logout(token: string | undefined) {
      if (token) await endStaffSession(db, token);
    },

    /**
     * The console admin's changes to the staff list (modules/console's StaffAdminPort), each inside the
     * caller's transaction so its audit entry commits with it.
     */
    admin: {
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
    },

    /**
     * Who holds a console role now (operator, approver, auditor, admin), with those roles sorted: a staff list
     * published as a campaign may not change them (modules/campaigns, ADR 0341).
     */
    async consoleRoles(corpId: string, tx?: PortTx): Promise<Map<string, StaffRole[]>> {
      // In the caller's transaction when it has one (SQLite's one writer would otherwise wait for itself).
      const rows = await repo.activeMembers(tx ? own('staff', tx) : db, corpId);
      const held = rows.map((r) => [r.id, consoleRolesOf(parseRoles(r.roles))] as const);
      return new Map(held.filter(([, roles]) => roles.length > 0));
    },

    /** The corp's staff list as it is (a new staff-list campaign starts from it). */
    async members(corpId: string): Promise<{ id: string; name: string; roles: StaffRole[]; stores: string[] }[]> {
      const rows = await repo.activeMembers(db, corpId);
      return rows.map((r) => ({ id: r.id, name: r.name, roles: parseRoles(r.roles), stores: JSON.parse(r.stores) }));
    },

    /** Display names of staff members of a corp (ids not on the list map to themselves). */
    async names(corpId: string, ids: string[]): Promise<Map<string, string>> {
      return repo.staffNames(db, corpId, ids);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
