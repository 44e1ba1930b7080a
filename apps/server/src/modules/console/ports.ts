import type { StaffRole } from '@campaign/contract';
import type { PortTx } from '../../db/owners';

/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other. The audit port is declared once for every module (platform/audit-port.ts).
 */

/** The staff list (modules/staff): the console's admin adds members and changes roles and state. */
export interface StaffAdminPort {
  get(
    tx: PortTx,
    corpId: string,
    staffId: string,
  ): Promise<{ id: string; name: string; roles: StaffRole[]; active: boolean } | null>;
  add(tx: PortTx, row: { corpId: string; id: string; name: string; roles: StaffRole[]; now: number }): Promise<void>;
  update(
    tx: PortTx,
    corpId: string,
    staffId: string,
    set: { roles?: StaffRole[]; active?: boolean; name?: string; now: number },
  ): Promise<void>;
}

/** A staff member's entries in the audit log (modules/audit): 我的账户 lists their sign-ins from it. */
export interface SubjectEntriesPort {
  entries(
    corpId: string,
    subject: string,
    actions: readonly string[],
    page: number,
    pageSize: number,
  ): Promise<{ total: number; items: { at: number; ip: string | null; action: string; after: unknown }[] }>;
}
