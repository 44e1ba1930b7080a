import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';
import * as repo from './repo';

/** The rank bands and their prizes; once settled, what the customer was awarded. */
export async function seasonPrizes(deps: SeasonDeps, corp: Corp, user: RequestUser, actId: string) {
  const { visibleSeason, statusOf, standing, prizeView } = deps.basics;
  const { s, act } = await visibleSeason(corp.id, actId);
  const status = statusOf(s, act, deps.clock());
  const me = await standing(corp.id, actId, user.id);
  const bands = [...s.bands]
    .sort((a, b) => a.from - b.from)
    .flatMap((b) => {
      const prize = prizeView(act, b.prize);
      return prize ? [{ from: b.from, to: b.to, prize }] : [];
    });
  let result = null;
  if (status === 'settled') {
    const r = await repo.resultOf(deps.database.db, corp.id, actId, user.id);
    result = r
      ? { rank: Number(r.rank), score: Number(r.score), prize: prizeView(act, r.prize_id) }
      : { rank: me.rank, score: me.score, prize: null };
  }
  return { status, endsAt: s.ends_at, bands, me, result };
}
