/**
 * What this module needs from others, declared here and passed in by createServices (services.ts):
 * modules never import each other.
 */

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
