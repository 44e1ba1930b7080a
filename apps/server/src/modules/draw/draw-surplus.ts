import type { RequestUser } from '../../platform/session';
import { pacedLeftNow } from '../../platform/stock-pace';
import type { Corp } from '../../platform/tenancy';
import { chancesLeft } from './chances';
import type { DrawServiceDeps } from './deps';
import type { DrawableActivity } from './ports';
import * as repo from './repo';

/** The customer's chances and the prizes' stock left (no customer: nothing to tell). */
export async function drawSurplus(deps: DrawServiceDeps, corp: Corp, user: RequestUser | null, actId: string) {
  const act = await deps.activities.visible(corp.id, actId);
  if (!user) return null;
  const now = deps.clock();
  const c = chancesLeft(act, await repo.getStat(deps.database.db, corp.id, actId, user.id), now);
  const stock = await deps.activities.stockLeft(corp.id, actId);
  return {
    chancesLeft: c.left,
    chancesLeftToday: c.leftDay,
    drawsMade: c.total,
    prizes: act.paced.size === 0 ? stock : await Promise.all(stock.map((s) => paced(deps, corp, act, s, now))),
  };
}

/** A paced prize's stock as a customer meets it now (ADR 0063): released and not drawn, and when more comes. */
async function paced(
  deps: DrawServiceDeps,
  corp: Corp,
  act: DrawableActivity,
  s: { prizeId: string; left: number | null },
  now: number,
) {
  const r = act.paced.get(s.prizeId);
  const total = act.byId.get(s.prizeId)?.total_stock ?? null;
  if (!r || total === null || s.left === null) return s;
  const key = { corpId: corp.id, actId: act.row.id, prizeId: s.prizeId };
  const w = { startsAt: act.row.starts_at, endsAt: act.row.ends_at };
  return { prizeId: s.prizeId, ...(await pacedLeftNow(deps.activities, key, r, { total, left: s.left }, w, now)) };
}
