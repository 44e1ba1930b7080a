import type { ServiceDeps } from '../../platform/services';
import type { ConsoleRolesPort } from './ports';

/** What the notifications use cases take (one per file, bound in service.ts): the deps and the staff port. */
export type NotificationsDeps = ServiceDeps<'notifications'> & { staff: ConsoleRolesPort };

/** The signed-in staff member whose notifications these are, in their corp. */
export interface Mine {
  corpId: string;
  staffId: string;
}
