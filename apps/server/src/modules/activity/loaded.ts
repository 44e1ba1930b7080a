import { GAME_PAGE_DEFAULTS, type PageConfig } from '@campaign/contract';
import type { ReleaseSchedule } from '@campaign/contract/release-schedule';
import { type FailPolicy, failPolicyOf } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { Eligibility } from './definition';
import type { PrizeTerms } from './ports';
import * as repo from './repo';

/** An activity with its prize table, as read for every detail and every draw (cached briefly). */
export interface LoadedActivity {
  row: repo.ActivityRow;
  prizes: repo.PrizeRow[];
  byId: Map<string, repo.PrizeRow>;
  /** The odds-deciding part of each prize, parsed once per load: what the draw engine reads. */
  terms: PrizeTerms[];
  eligibility: Eligibility;
  page: PageConfig;
  hasCaps: boolean;
  /** Its group has rocc on: every new draw is judged by the risk hook, whichever path it comes by (issue 35). */
  riskChecked: boolean;
  /** What it does when risk cannot be judged, as its group states it (null: no group). */
  riskFailPolicy: FailPolicy | null;
  /** The prizes whose stock is released on a schedule (ADR 0063), parsed once per load. */
  paced: Map<string, ReleaseSchedule>;
}

export type TermsColumns = Pick<repo.PrizeRow, 'id' | 'weight' | 'tiers' | 'unlock_after_draws' | 'consolation'> & {
  release?: string | null;
};

export const termsOf = (p: TermsColumns): PrizeTerms => ({
  id: p.id,
  weight: p.weight,
  tiers: JSON.parse(p.tiers),
  unlockAfterDraws: p.unlock_after_draws,
  consolation: p.consolation === 1,
});

/**
 * Activity definitions are read on every draw and change only by publication: cached briefly. Stock is
 * never taken from the cache: the conditional decrement in SQL decides.
 */
export function createActivityCache(deps: ServiceDeps<'activity'>) {
  const db = deps.database.db;
  const { clock } = deps;
  const cacheTtl = deps.config.env === 'test' ? 0 : 1_000;
  const cache = new Map<string, { at: number; act: LoadedActivity }>();

  /** Loads in progress: when the cached copy expires, the requests that find it so share one load. */
  const loading = new Map<string, Promise<LoadedActivity | null>>();

  async function load(corpId: string, actId: string): Promise<LoadedActivity | null> {
    const key = `${corpId}|${actId}`;
    const hit = cache.get(key);
    if (hit && clock() - hit.at < cacheTtl) return hit.act;
    if (cacheTtl <= 0) return loadNow(corpId, actId);
    let pending = loading.get(key);
    if (!pending) {
      const at = clock();
      const started: Promise<LoadedActivity | null> = loadNow(corpId, actId)
        .then((act) => {
          // Not when a publication forgot this activity while it loaded (forget() dropped the load).
          if (act && loading.get(key) === started) cache.set(key, { at, act });
          return act;
        })
        .finally(() => {
          if (loading.get(key) === started) loading.delete(key);
        });
      pending = started;
      loading.set(key, pending);
    }
    return pending;
  }

  async function loadNow(corpId: string, actId: string): Promise<LoadedActivity | null> {
    const row = await repo.getActivity(db, corpId, actId);
    if (!row) return null;
    const prizes = await repo.getPrizes(db, corpId, actId);
    const group = row.group_id ? await repo.getGroup(db, corpId, row.group_id) : undefined;
    return {
      row,
      prizes,
      byId: new Map(prizes.map((p) => [p.id, p])),
      terms: prizes.map(termsOf),
      eligibility: JSON.parse(row.eligibility),
      // Activities stored before the games' settings existed read their defaults.
      page: { ...GAME_PAGE_DEFAULTS, ...JSON.parse(row.page_config) },
      hasCaps: prizes.some((p) => p.per_user_cap !== null),
      riskChecked: group?.rocc === 1,
      riskFailPolicy: group ? failPolicyOf(group) : null,
      paced: new Map(
        prizes.flatMap((p) => (p.release ? [[p.id, JSON.parse(p.release) as ReleaseSchedule] as const] : [])),
      ),
    };
  }

  /** After a publication or a pause: the next request reads the activity again. */
  function forget(corpId: string, actId: string) {
    cache.delete(`${corpId}|${actId}`);
    loading.delete(`${corpId}|${actId}`);
  }

  return { load, forget };
}
export type ActivityCache = ReturnType<typeof createActivityCache>;
