import { useEndpointQuery } from '#console/api/queries';
import type { CampaignDraft } from '#console/shared/campaign/api';
import { t } from '../messages';
import type { Choice } from './object-form';

// Store lists and staff lists pick stores from the stores' master data (门店管理, issue 34), shown by name.

/** The most stores a picker offers (the stores list's largest page). */
const MAX_STORES = 500;

/** `stores` choices for the editor: every store of the corp by name (and city), plus any id the draft holds that is gone. */
export function useStoreChoices(draft: CampaignDraft | null): Record<string, Choice[]> | undefined {
  const needs = Boolean(draft && (draft.stores || draft.staffList));
  const stores = useEndpointQuery('consoleStores', { query: { page: 1, pageSize: MAX_STORES } }, { enabled: needs });
  if (!needs || !stores.data) return undefined;
  const options: Choice[] = stores.data.items.map((s) => ({
    value: s.id,
    label: t('campaigns.stores.option', { name: s.name, city: s.cityName }),
  }));
  const known = new Set(options.map((o) => o.value));
  const held = [...(draft?.stores?.list.stores ?? []), ...(draft?.staffList ?? []).flatMap((s) => s.stores ?? [])];
  for (const id of new Set(held)) if (!known.has(id)) options.push({ value: id, label: t('campaigns.stores.unknown') });
  return { stores: options };
}

/** Keys the kind's generic form leaves out: shown by their own panels, or filled in by the server. */
export function skippedKeys(base: ReadonlySet<string>, kind: CampaignDraft['kind']): Set<string> {
  const skip = new Set(base);
  // The discount's cards and merchants have their own panel (discount-scope.tsx).
  skip.add('discount.validCards');
  skip.add('discount.validMerchants');
  // Stores are master data now: a list names them, it no longer defines them.
  skip.add('stores.stores');
  skip.add('stores.list.id');
  // A coupon campaign's stores redeem its own prizes: the server names the campaign on its list.
  if (kind === 'coupon') skip.add('stores.list.activities');
  return skip;
}
