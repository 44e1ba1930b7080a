import type { StaffRole } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { Acting, ConsoleContext } from './context';
import * as repo from './repo';

/** An admin's change to someone else: never leave the corp without an active admin. */
export async function assertAdminsRemain(
  { db }: ConsoleContext,
  corpId: string,
  who: Acting,
  staffId: string,
  nextRoles: StaffRole[] | null,
  nextActive: boolean,
) {
  const losesAdmin = nextRoles ? !nextRoles.includes('admin') : !nextActive;
  if (!losesAdmin) return;
  if (staffId === who.actor?.id) throw new AppError('CONSOLE_LAST_ADMIN');
  const admins = await repo.activeWithRole(db, corpId, 'admin');
  if (admins.filter((id) => id !== staffId).length === 0) throw new AppError('CONSOLE_LAST_ADMIN');
}
