import { useEndpointQuery } from '../../api/queries';

/**
 * The corp's live and ended campaigns by id → title (the reconciliation's list, shared through the query
 * cache), for screens that name a campaign an operator knows by its title. Empty until it has loaded.
 */
export function useCampaignTitles(): Map<string, string> {
  const campaigns = useEndpointQuery('consoleReconcileCampaigns');
  return new Map((campaigns.data?.items ?? []).map((c) => [c.actId, c.title]));
}
