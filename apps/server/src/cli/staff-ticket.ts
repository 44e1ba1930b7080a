import { randomBytes } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@campaign/contract';
import type { Db } from '../db';
import { own } from '../db/owners';
import { getStaff } from '../modules/staff/repo';
import { signStaffTicket } from '../modules/staff/ticket';
import { parseRoles } from '../platform/session';

/**
 * A staff ticket for local testing and the demo, signed with the corp's secret as the host app would
 * (docs/decisions/0320-staff-roles.md). Roles default to everything the staff list grants the member.
 */
export async function mintStaffTicket(
  db: Db,
  corpId: string,
  staffId: string,
  roles: string[] | undefined,
  nowMs = Date.now(),
): Promise<{ ok: true; ticket: string } | { ok: false; error: string }> {
  const corp = await db.selectFrom('corp').select('app_secret').where('id', '=', corpId).executeTakeFirst();
  if (!corp) return { ok: false, error: `unknown corp ${corpId}` };
  const member = await getStaff(own('staff', db), corpId, staffId);
  if (!member) return { ok: false, error: `${staffId} is not on the staff list of ${corpId}` };
  const unknown = roles?.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r)) ?? [];
  if (unknown.length > 0)
    return { ok: false, error: `unknown roles: ${unknown.join(', ')} (${STAFF_ROLES.join(', ')})` };
  const ticket = signStaffTicket(corp.app_secret, {
    typ: 'staff',
    corpId,
    staffId,
    roles: (roles as StaffRole[] | undefined) ?? parseRoles(member.roles),
    exp: Math.floor(nowMs / 1000) + 300,
    nonce: randomBytes(12).toString('hex'),
  });
  return { ok: true, ticket };
}
