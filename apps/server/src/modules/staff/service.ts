import { consoleRoles } from './console-roles';
import type { StaffDeps } from './deps';
import { staffAdmin } from './staff-admin';
import { staffLogin } from './staff-login';
import { staffLogout } from './staff-logout';
import { staffMembers } from './staff-members';
import { staffNames } from './staff-names';

export { toStaffMember } from './staff-member';

/**
 * Staff identity (docs/decisions/0320-staff-roles.md): log-in with a staff ticket, names for display. One
 * use case per file; this only binds them to the module's deps.
 */
export function createStaffService(deps: StaffDeps) {
  return {
    login: staffLogin.bind(null, deps),
    logout: staffLogout.bind(null, deps),
    admin: staffAdmin,
    consoleRoles: consoleRoles.bind(null, deps),
    members: staffMembers.bind(null, deps),
    names: staffNames.bind(null, deps),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
