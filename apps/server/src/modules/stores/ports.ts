/**
 * What the stores module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */
import type { PortTx } from '../../db/owners';

/** A customer's ticket at the counter (modules/coupons). */
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
  markRedeemed(tx: PortTx, corpId: string, awardId: string, key: string, now: number): Promise<boolean>;
}

/** The approvals' to-do list (modules/approvals): a request a second person decides. */
export interface ApprovalRequestPort {
  request(
    corpId: string,
    kind: 'redemption-exception',
    subject: string,
    requestedBy: string,
    /** Label → value lines the approver sees; `title` is the to-do list's line. */
    context: Record<string, string>,
  ): Promise<{ requestId: string; status: string }>;
}
