import type { Generated } from 'kysely';

/** Tables of the stores module (issue 11): stores, store lists, redemptions at the counter and their audit. */

export interface StoreTable {
  corp_id: string;
  id: string;
  name: string;
  address: string;
  city_code: string;
  city_name: string;
  phone: string;
  /** GCJ-02. */
  lng: number;
  lat: number;
  /** JSON StoreHours[] (days 1–7, open/close "HH:MM", Asia/Shanghai). */
  hours: string;
  /** JSON string[]: the prizes the store accepts, by name (migration 0026). */
  accepts: Generated<string>;
  created_at: number;
  updated_at: number;
}
export interface StoreListTable {
  corp_id: string;
  id: string;
  name: string;
  created_at: number;
}
export interface StoreListStoreTable {
  corp_id: string;
  list_id: string;
  store_id: string;
}
/** The activities whose prizes a list's stores redeem. */
export interface StoreListActivityTable {
  corp_id: string;
  list_id: string;
  act_id: string;
}
/** One row per redeemed award (unique per corp and award): the counter's exactly-once. */
export interface StoreRedemptionTable {
  id: string;
  corp_id: string;
  award_id: string;
  code: string;
  store_id: string;
  staff_id: string;
  staff_name: string;
  idem_key: string;
  redeemed_at: number;
}
/** Every attempt at the counter, whatever its outcome: who, where, when, which code. */
export interface RedemptionAuditTable {
  id: string;
  corp_id: string;
  code: string;
  store_id: string;
  staff_id: string;
  outcome: string;
  detail: string | null;
  created_at: number;
}
export interface StoreTables {
  store: StoreTable;
  store_list: StoreListTable;
  store_list_store: StoreListStoreTable;
  store_list_activity: StoreListActivityTable;
  store_redemption: StoreRedemptionTable;
  redemption_audit: RedemptionAuditTable;
}
