/**
 * What this module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */
import type { ActivityDetail, PRIZE_KINDS } from '@campaign/contract';
import type { AwardPort } from '../../platform/award-ports';
import type { FailPolicy } from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import type { PacedStockPort, StockLeftPort, TakeStockPort } from '../../platform/stock-port';
import type { Corp } from '../../platform/tenancy';

type PrizeKind = (typeof PRIZE_KINDS)[number];

/** The activity catalogue (modules/activity): offers are activities of type newCustomer / newUser. */
export interface OfferCataloguePort extends StockLeftPort, TakeStockPort, PacedStockPort {
  /** Refuses a missing or draft activity with ACTIVITY_NOT_FOUND. */
  detail(corp: Corp, actId: string): Promise<ActivityDetail>;
  /** The eligibility and prize table as stored (refuses like `detail`). */
  visible(
    corpId: string,
    actId: string,
  ): Promise<{
    eligibility: { whiteListOnly: boolean; cgroupIds: string[]; newCustomersSince: number | null; blacklist: string[] };
    /** Its group has rocc on: every claim is judged by the risk engine (issue 35). */
    riskChecked: boolean;
    /** What it does when risk cannot be judged (its group's statement; null: the deployment's). */
    riskFailPolicy: FailPolicy | null;
    prizes: readonly {
      id: string;
      name: string;
      kind: PrizeKind;
      points: number | null;
      value_cents: number;
      consolation: number;
      /** A coupon's uploaded code pool (ADR 0390). */
      code_pool: string | null;
    }[];
  }>;
  /** The join-date detail (spec §7): when the customer joined (their first log-in here). */
  joinDate(corp: Corp, user: RequestUser, actId: string): Promise<{ joinedAt: number }>;
}

/**
 * The prizes module: an offer's gift becomes an award in the customer's prize list like any other. The
 * request's drawId is `offer:<corp>:<act>:<user>`; a gift worth more than the corp's threshold waits for
 * an approver, who sees the offer's title and the customer as masked mobile.
 */
export type OfferPrizesPort = AwardPort;

/**
 * The season's tasks (the ranking and task activity, another module): told after an invite is counted
 * and committed, once per counted invite. Optional: without it nothing is told. A failure is logged and
 * does not undo the invite.
 */
export interface InviteTaskPort {
  inviteCounted(corpId: string, inviterUserId: string, inviteeUserId: string, at: number): Promise<void>;
}
