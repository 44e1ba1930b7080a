/**
 * What the stores module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */
import type { Executor } from '../../db';

/** A member of staff as the server knows them: role and corp are checked on every staff call. */
export interface StaffMember {
  staffId: string;
  name: string;
  role: 'clerk' | 'approver' | 'operator';
  corpId: string;
  /** The stores a clerk serves (empty for other roles). */
  storeIds: string[];
}

/** Staff identity (issue 11, the approvals side): who the logged-in session is, if staff. */
export interface StaffPort {
  /** The staff member behind this session in this corp, or null for a customer. */
  resolve(corpId: string, session: { id: string; nuid: string }): Promise<StaffMember | null>;
}

/** A customer's ticket at the counter (modules/prizes). */
export interface TicketCounterPort {
  byCode(
    corpId: string,
    code: string,
  ): Promise<{
    awardId: string;
    actId: string;
    code: string;
    prizeName: string;
    activityTitle: string;
    image: string;
    valueCents: number;
    used: boolean;
    usedAt: number | null;
    usedChannel: string | null;
    validUntil: number | null;
    customer: string;
  } | null>;
  /** Inside the caller's transaction; true for the one call that changed the ticket. */
  markRedeemed(tx: Executor, corpId: string, awardId: string, key: string, now: number): Promise<boolean>;
}

/** The approvals' to-do list (modules/approvals): a request a second person decides. */
export interface ApprovalRequestPort {
  request(
    corpId: string,
    kind: 'redemption-exception',
    subject: string,
    requestedBy: string,
    context: Record<string, unknown>,
  ): Promise<{ requestId: string; status: string }>;
}
