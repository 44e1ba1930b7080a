import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { CouponsDeps } from './deps';
import * as repo from './repo';

/** The kinds of prize the customer won, most recent first. */
export async function recentGoodsType(deps: CouponsDeps, corp: Corp, user: RequestUser) {
  const rows = await repo.recentKinds(deps.database.db, corp.id, user.id);
  return {
    types: rows
      .map((r) => ({ kind: r.kind, count: Number(r.n), lastAt: Number(r.last_at) }))
      .sort((a, b) => b.lastAt - a.lastAt),
  };
}
