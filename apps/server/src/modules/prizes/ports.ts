/**
 * What this module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

import type { Executor } from '../../db';
import type { Step, TxExec } from '../../db/tx';

/** The activity catalogue (modules/activity): a customer-visible activity and its prize table. */
export interface ActivityCataloguePort {
  /** Refuses a missing or draft activity with ACTIVITY_NOT_FOUND. */
  visible(
    corpId: string,
    actId: string,
  ): Promise<{
    prizes: readonly { id: string; name: string; kind: string; total_stock: number | null }[];
  }>;
}

/** The customer's address book (modules/addresses): one of their own addresses, or null. */
export interface AddressBookPort {
  get(
    corpId: string,
    userId: string,
    addNo: string,
  ): Promise<{
    name: string;
    mobile: string;
    provinceName: string;
    cityName: string;
    districtName: string;
    districtCode: string;
    detail: string;
  } | null>;
}

/** Stock (modules/activity): a held prize that is declined goes back to its prize's stock. */
export interface StockReturnPort {
  returnStock(tx: Executor, corpId: string, actId: string, prizeId: string): Promise<void>;
}

/** How an approver sees a held prize: the activity's title, the customer as masked mobile. */
export type ApproverView = { activityTitle?: string; customer?: string };

/**
 * Approvals (modules/approvals): inside the draw transaction, a prize worth more than the corp's threshold
 * is held for an approver; true when a request was made and the award must wait.
 */
export interface AwardHoldPort {
  holdPrize(
    x: TxExec,
    a: {
      corpId: string;
      awardId: string;
      userId: string;
      actId: string;
      prizeId: string;
      prizeName: string;
      valueCents: number;
      now: number;
      shown?: ApproverView;
    },
  ): Step<boolean>;
}
