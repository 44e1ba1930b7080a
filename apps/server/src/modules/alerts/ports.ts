/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other.
 */

/** A campaign's stock left per prize, stock buckets included (modules/activity stock). */
export interface StockLeftPort {
  stockLeft(corpId: string, actId: string): Promise<{ prizeId: string; left: number | null }[]>;
}

/** What other modules raise an alert with (the reconciliation's differences). */
export interface AlertInput {
  corpId: string;
  actId: string | null;
  kind: 'stock_low' | 'budget_ahead' | 'error_rate' | 'rate_limited' | 'reconcile_diff';
  /** Raised once per key. */
  key: string;
  message: string;
  detail?: unknown;
}
/** Staff names (modules/staff), to show who set the webhook. */
export interface StaffNamesPort {
  names(corpId: string, ids: string[]): Promise<Map<string, string>>;
}

export interface AlertsPort {
  raise(a: AlertInput): Promise<boolean>;
}
