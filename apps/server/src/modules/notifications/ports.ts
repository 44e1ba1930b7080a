import type { StaffRole } from '@campaign/contract';
import type { PortTx } from '../../db/owners';

/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import each
 * other. What it provides (NotificationsPort) is declared once in platform/notifications-port.ts.
 */
export type { NotificationsPort, NotifyInput, NotifyTo } from '../../platform/notifications-port';

/** Who holds a console role now (modules/staff): a notification goes to active console staff only. */
export interface ConsoleRolesPort {
  consoleRoles(corpId: string, tx?: PortTx): Promise<Map<string, StaffRole[]>>;
}
