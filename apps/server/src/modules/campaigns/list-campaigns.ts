import type { CampaignRow, CampaignSort, ListOrder } from '@campaign/contract';
import type { Corp } from '../../platform/tenancy';
import * as repo from './repo';
import { type CampaignHelpers, type CampaignsDeps, toRow } from './shared';

export type ListQuery = {
  state?: CampaignRow['state'] | undefined;
  kind?: string | undefined;
  q?: string | undefined;
  sort?: CampaignSort | undefined;
  order?: ListOrder | undefined;
  page: number;
  pageSize: number;
};

/** The console's paged list of campaigns, filtered by state, kind and text, sorted by a whitelisted column. */
export async function listCampaigns(deps: CampaignsDeps, h: CampaignHelpers, corp: Corp, q: ListQuery) {
  const now = deps.clock();
  const [{ rows, total }, halted] = await Promise.all([
    repo.listCampaigns(deps.database.db, corp.id, q, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize }),
    deps.halts.halted(corp.id),
  ]);
  const names = await h.names(
    corp.id,
    rows.map((r) => r.updated_by),
  );
  return { items: rows.map((r) => toRow(r, names, now, halted)), total, page: q.page, pageSize: q.pageSize };
}
