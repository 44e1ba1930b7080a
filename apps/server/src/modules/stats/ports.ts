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
export interface StatsCatalogPort {
  campaign(corpId: string, actId: string): Promise<StatsCampaign | null>;
  stockLeft(corpId: string, actId: string): Promise<{ prizeId: string; left: number | null }[]>;
}
