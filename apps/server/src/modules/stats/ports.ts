import type { StockLeftPort } from '../../platform/stock-port';

/**
 * What the stats module needs from the activity module (passed in by services.ts): the campaign's terms
 * and the stock left (the prize rows and their buckets: a handful of rows, never the draws).
 */
export interface StatsCampaign {
  title: string;
  startsAt: number;
  endsAt: number;
  prizes: { id: string; name: string; kind: string; valueCents: number; totalStock: number | null }[];
}
export interface StatsCatalogPort extends StockLeftPort {
  campaign(corpId: string, actId: string): Promise<StatsCampaign | null>;
}
