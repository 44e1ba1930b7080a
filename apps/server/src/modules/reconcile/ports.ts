/**
 * What this module needs from others, passed in by createServices (services.ts): modules never import
 * each other.
 */

/** A campaign's stock left per prize, stock buckets included (modules/activity stock). */
export interface StockLeftPort {
  stockLeft(corpId: string, actId: string): Promise<{ prizeId: string; left: number | null }[]>;
}

/** Raises an alert once per key (modules/alerts): shown in the console, posted to the corp's webhook. */
export interface AlertsPort {
  raise(a: {
    corpId: string;
    actId: string | null;
    kind: 'reconcile_diff';
    key: string;
    message: string;
    detail?: unknown;
  }): Promise<boolean>;
}
