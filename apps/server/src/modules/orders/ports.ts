/**
 * What the orders module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

import type { PortTx } from '../../db/owners';
import type { FailPolicy } from '../../platform/risk-port';

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

/** The award behind an order (modules/prizes): a confirmed order's award is exchanged, in the same transaction. */
export interface AwardExchangePort {
  markExchanged(tx: PortTx, corpId: string, awardId: string, now: number): Promise<void>;
}

/** The activity catalogue (modules/activity): whether an order's campaign is risk-checked (its group has rocc on). */
export interface OrderCampaignPort {
  visible(corpId: string, actId: string): Promise<{ riskChecked: boolean; riskFailPolicy: FailPolicy | null }>;
}
