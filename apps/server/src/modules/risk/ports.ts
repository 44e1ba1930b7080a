import type { ApprovalKind } from '@campaign/contract';
import type { PortTx } from '../../db/owners';

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
    kind: 'risk-ruleset' | 'risk-appeal' | 'risk-list-import' | 'risk-reversal';
    subject: string;
    title: string;
    requestedBy: string;
    context: Record<string, string>;
    payload?: string | null;
  }): Promise<string>;
  /** A request by id (any kind), as a reversal reads the case it reverses; null: none in this corp. */
  decidedCase(
    corpId: string,
    id: string,
  ): Promise<{
    id: string;
    kind: ApprovalKind;
    status: 'pending' | 'approved' | 'rejected' | 'closed';
    subject: string;
    title: string;
    payload: string | null;
  } | null>;
}

/** Held prizes (modules/prizes): a reviewer's return reversed gives the prize after all, or refuses in Chinese. */
export interface HeldAwardsPort {
  regive(tx: PortTx, corpId: string, awardId: string, now: number): Promise<void>;
}

/** A request as the effect sees it (modules/approvals/ports.ts ApprovalSubject, structurally). */
export interface Subject {
  id: string;
  corpId: string;
  subject: string;
  requestedBy: string;
  payload: string | null;
}
