import { z } from 'zod';
import { empty, noData } from '../common';
import { endpoint } from '../endpoint';
import { STAFF_ROLES } from '../paths';

/** A staff member as their session sees themselves (docs/decisions/0320-staff-roles.md). */
export const staffMemberSchema = z.object({
  corpId: z.string(),
  staffId: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Store ids a clerk serves (empty for other roles). */
  stores: z.array(z.string()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Staff log-in with a host-app staff ticket, the staff session and log-out. */
export const staffEndpoints = {
  staffLogin: endpoint({
    method: 'POST',
    path: '/staff/login',
    version: 'none',
    loading: true,
    access: 'tenant',
    tag: 'staff',
    errors: ['TICKET_INVALID', 'TICKET_EXPIRED', 'TICKET_REPLAYED', 'STAFF_UNKNOWN', 'STAFF_ROLE_REQUIRED'],
    rateLimit: 'login',
    summary: 'Exchange a host-app staff ticket (signed by the corp, typ "staff") for a staff session',
    query: empty.partial(),
    body: z.object({ ticket: z.string().min(10).max(2048) }),
    data: staffMemberSchema,
  }),
  staffMe: endpoint({
    method: 'GET',
    path: '/staff/me',
    version: 'none',
    loading: false,
    access: 'staff',
    roles: STAFF_ROLES,
    tag: 'staff',
    errors: [],
    summary: 'The logged-in staff member: id, name, roles and (for clerks) stores',
    query: empty.partial(),
    body: z.undefined(),
    data: staffMemberSchema,
  }),
  staffLogout: endpoint({
    method: 'POST',
    path: '/staff/logout',
    version: 'none',
    loading: false,
    access: 'tenant',
    tag: 'staff',
    errors: [],
    summary: 'End the staff session of this browser (the customer session is untouched)',
    query: empty.partial(),
    body: empty.partial().optional(),
    data: noData,
  }),
} as const;
