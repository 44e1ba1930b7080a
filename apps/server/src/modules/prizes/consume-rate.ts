import type { Corp } from '../../platform/tenancy';
import type { PrizesDeps } from './deps';
import * as repo from './repo';

/** How much of each prize of an activity has been issued. */
export async function consumeRate(deps: PrizesDeps, corp: Corp, actId: string) {
  const act = await deps.activities.visible(corp.id, actId);
  const issued = await repo.issuedCounts(deps.database.db, corp.id, actId);
  return act.prizes
    .filter((p) => p.kind !== 'thanks')
    .map((p) => {
      const n = issued.get(p.id) ?? 0;
      return {
        prizeId: p.id,
        name: p.name,
        total: p.total_stock,
        issued: n,
        rate: p.total_stock ? n / p.total_stock : null,
      };
    });
}
