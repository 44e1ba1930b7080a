import type { Step, TxExec } from '../db/tx';

// The award hand-over, declared once: the draw, an offer's gift (growth) and a season's band (season) ask
// the prizes module to award through it, and the prizes module asks approvals to hold a costly one. Both
// sides of each port import these types; modules never import each other.

/** How an approver sees a held prize: the activity's title, the customer as masked mobile. */
export type ApproverView = { activityTitle?: string; customer?: string };

/** What a module hands the prizes module to award, inside its own transaction. */
export interface AwardRequest {
  corpId: string;
  userId: string;
  actId: string;
  /** Unique per award: the draw's id, `offer:<corp>:<act>:<user>`, `season:<corp>:<act>:<user>`. */
  drawId: string;
  prize: {
    id: string;
    name?: string;
    kind: 'coupon' | 'physical' | 'points' | 'thanks';
    points: number | null;
    /** A prize worth more than the corp's threshold waits for an approver. */
    valueCents?: number;
    /** A coupon's uploaded code pool (ADR 0390): its code is the pool's next; none: a generated code. */
    codePool?: string | null;
  };
  now: number;
  /** How an approver sees it if the prize is held. */
  shown?: ApproverView;
  /** Held by a risk decision (issue 35) whatever its value: released or returned by a reviewer. */
  risk?: RiskHold;
}

/** A risk hold: the decision, its rules (by name), and the device and address the review queue groups cases by. */
export interface RiskHold {
  decisionId: string;
  rules: string[];
  device: string | null;
  ip: string;
}

/** An award as the prizes module wrote it (null: a thank-you prize, nothing to write). */
export interface AwardWritten {
  id: string;
  status: 'issued' | 'awaiting_address' | 'exchanged' | 'pending_approval' | 'declined';
  coupon_code: string | null;
  points: number | null;
  order_id: string | null;
}

/** The prizes module's side: writes what was won, a step of the caller's transaction. */
export interface AwardPort {
  award(x: TxExec, a: AwardRequest): Step<AwardWritten | null>;
}

/** What approvals is asked to hold: a prize worth more than the corp's threshold. */
export interface HoldRequest {
  corpId: string;
  awardId: string;
  userId: string;
  actId: string;
  prizeId: string;
  prizeName: string;
  valueCents: number;
  now: number;
  shown?: ApproverView;
  risk?: RiskHold;
}

/**
 * Approvals (modules/approvals): inside the draw transaction, a prize worth more than the corp's threshold
 * is held for an approver; true when a request was made and the award must wait.
 */
export interface AwardHoldPort {
  holdPrize(x: TxExec, a: HoldRequest): Step<boolean>;
}

/**
 * The campaign lab's uploaded coupon code pools (ADR 0390): the prizes module takes a coupon's code from its pool
 * inside the award's transaction; null when the pool has no code left.
 */
export interface CodePoolPort {
  takeCode(x: TxExec, a: { corpId: string; listId: string; awardId: string; now: number }): Step<string | null>;
  /** The code an award took from a pool (a held prize's, shown once released); null: none. */
  codeOf(x: TxExec, corpId: string, awardId: string): Step<string | null>;
  /** A declined prize's code goes back to its pool, as its unit goes back to stock. */
  giveBack(x: TxExec, corpId: string, awardId: string): Step<void>;
}
