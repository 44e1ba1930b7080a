import { maskMobile, SEASON_TOP } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { SeasonDeps } from './deps';
import * as rank from './rank-repo';

/** The season's top list (names masked) and the customer's own standing. */
export async function seasonRank(deps: SeasonDeps, corp: Corp, user: RequestUser, actId: string) {
  const { reader, visibleSeason, standing } = deps.basics;
  await visibleSeason(corp.id, actId);
  const [rows, me, count] = await Promise.all([
    rank.top(deps.database.db, corp.id, actId, SEASON_TOP),
    standing(corp.id, actId, user.id),
    rank.participants(reader, corp.id, actId),
  ]);
  return {
    participants: count,
    me,
    top: rows.map((r, i) => ({
      rank: i + 1,
      name: r.mobile ? maskMobile(r.mobile) : `用户${(r.nuid ?? r.user_id).slice(-4)}`,
      score: Number(r.score),
      me: r.user_id === user.id,
    })),
  };
}
