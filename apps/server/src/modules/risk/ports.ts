/**
 * What the risk module needs from others, passed in by createServices (services.ts): modules never import
 * each other.
 */
export type { AlertsPort } from '../../platform/alerts-port';
export type { AuditPort } from '../../platform/audit-port';
export type { StaffNamesPort } from '../../platform/staff-names-port';

/** The approvals' to-do list (modules/approvals): a request a second person decides. */
export interface ApprovalsPort {
  /** A new pending request in its own transaction; its id. */
  request(r: {
    corpId: string;
    kind: 'risk-ruleset' | 'risk-appeal';
    subject: string;
    title: string;
    requestedBy: string;
    context: Record<string, string>;
    payload?: string | null;
  }): Promise<string>;
}
