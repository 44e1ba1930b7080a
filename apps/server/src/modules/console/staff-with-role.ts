import type { StaffRole } from '@campaign/contract';
import type { ConsoleContext } from './context';
import * as repo from './repo';

/** Active staff holding a role (M of an approval policy). */
export const activeWithRole = ({ db }: ConsoleContext, corpId: string, role: StaffRole) =>
  repo.activeWithRole(db, corpId, role);
