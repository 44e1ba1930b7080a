import type { ApprovalKind } from '@campaign/contract';
import type { PortTx } from '../../db/owners';

/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other.
 */

/** Staff names (modules/staff), to show who requested and who decided. */
export interface StaffDirectoryPort {
  names(corpId: string, ids: string[]): Promise<Map<string, string>>;
}

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
  approved?(tx: PortTx, request: ApprovalSubject, decidedBy: string, now: number): Promise<void>;
  rejected?(tx: PortTx, request: ApprovalSubject, decidedBy: string, now: number): Promise<void>;
}
export type ApprovalEffects = Partial<Record<ApprovalKind, ApprovalEffect>>;
