import { endStaffSession } from '../../platform/session';
import type { StaffDeps } from './deps';

/** Ends the staff session of this token, if any. */
export async function staffLogout(deps: StaffDeps, token: string | undefined) {
  if (token) await endStaffSession(deps.database.db, token);
}
