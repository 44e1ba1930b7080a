import { AppError } from '../../platform/errors';
import { parseRoles, type RequestStaff, startStaffSession } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { StaffDeps } from './deps';
import * as repo from './repo';
import { toStaffMember } from './staff-member';
import { checkStaffTicket } from './ticket';

/**
 * A staff ticket of this corp, for a member on the corp's staff list: the session gets the ticket's
 * roles, each of which the list must grant (a host app cannot promote anyone).
 */
export async function staffLogin(deps: StaffDeps, corp: Corp, ticket: string, previousToken?: string) {
  const db = deps.database.db;
  const now = deps.clock();
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
}
