import type { ApprovalKind } from '@campaign/contract';
import type { PortTx } from '../../db/owners';
import type { StaffNamesPort } from '../../platform/staff-names-port';

/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other.
 */

/** Staff names (modules/staff), to show who requested and who decided (platform/staff-names-port.ts). */
export type StaffDirectoryPort = StaffNamesPort;

/** A request as an effect sees it. */
export interface ApprovalSubject {
  id: string;
  corpId: string;
  kind: ApprovalKind;
  subject: string;
  requestedBy: string;
  context: Record<string, string>;
  /** What the effect needs (JSON) beyond the subject, e.g. the proposed rules version. */
  payload: string | null;
}

/**
 * What a decision does beyond recording itself, per kind, run inside the decision's transaction: if an
 * effect throws, the decision is rolled back with it (docs/decisions/0321-approvals.md). The module that
 * owns the subject provides it (prizes: release or decline a held award; stores: redeem an expired ticket;
 * activity: make a proposed rules version live) and services.ts registers it.
 */
export interface ApprovalEffect {
  /** `decidedByName`: the decider's name, for an effect that audits who applied it. */
  approved?(
    tx: PortTx,
    request: ApprovalSubject,
    decidedBy: string,
    now: number,
    decidedByName?: string,
  ): Promise<void>;
  rejected?(tx: PortTx, request: ApprovalSubject, decidedBy: string, now: number): Promise<void>;
  /**
   * For a kind whose approval uses its subject up (an expired ticket redeemed by exception): the reason the
   * other pending requests on the same subject are closed with, in the approval's transaction. Without it a
   * second request on a redeemed ticket waited for ever, and approving it could only fail.
   */
  settles?(request: ApprovalSubject, now: number): string;
}
export type ApprovalEffects = Partial<Record<ApprovalKind, ApprovalEffect>>;
