import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import { type Bucket, HOUR, hourOf, type Who } from './repo';

const prepared = preparedFor('season');

// The rank: 1 + participants ahead, from the tallies and one (score, hour) bucket (ADR 0220). The
// leaderboard joins the app_user view for masked mobiles.

const scoreQ = prepared<Who, { score: number; reached_at: number }>(
  (db, p) =>
    db
      .selectFrom('season_score')
      .select(['score', 'reached_at'])
      .where('corp_id', '=', p('corp_id'))
      .where('act_id', '=', p('act_id'))
      .where('user_id', '=', p('user_id')),
  { plannedPerCall: true },
);
const aheadByScoreQ = prepared<{ corp_id: string; act_id: string; score: number }, { n: number | null }>((db, p) =>
  db
    .selectFrom('season_tally')
    .select((eb) => eb.fn.sum<number | null>('n').as('n'))
    .where('corp_id', '=', p('corp_id'))
    .where('act_id', '=', p('act_id'))
    .where('score', '>', p('score')),
);
const aheadByHourQ = prepared<Bucket, { n: number | null }>((db, p) =>
  db
    .selectFrom('season_hour_tally')
    .select((eb) => eb.fn.sum<number | null>('n').as('n'))
    .where('corp_id', '=', p('corp_id'))
    .where('act_id', '=', p('act_id'))
    .where('score', '=', p('score'))
    .where('hour', '<', p('hour')),
);
const aheadInHourQ = prepared<Who & { score: number; from: number; reached_at: number }, { n: number }>(
  (db, p) =>
    db
      .selectFrom('season_score')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('corp_id', '=', p('corp_id'))
      .where('act_id', '=', p('act_id'))
      .where('score', '=', p('score'))
      .where('reached_at', '>=', p('from'))
      .where((eb) =>
        eb.or([
          eb('reached_at', '<', p('reached_at')),
          eb.and([eb('reached_at', '=', p('reached_at')), eb('user_id', '<', p('user_id'))]),
        ]),
      ),
  { plannedPerCall: true },
);
const participantsQ = prepared<{ corp_id: string; act_id: string }, { n: number | null }>((db, p) =>
  db
    .selectFrom('season_tally')
    .select((eb) => eb.fn.sum<number | null>('n').as('n'))
    .where('corp_id', '=', p('corp_id'))
    .where('act_id', '=', p('act_id')),
);

type Read = <P, R>(q: import('../../db/prepared').Prepared<P, R>, params: P) => Promise<R[]>;
const num = (v: unknown): number => Number(v ?? 0);

/** Score and rank (ties: who reached the score first, then user id); rank null without points. */
export async function standing(read: Read, corpId: string, actId: string, userId: string) {
  const who = { corp_id: corpId, act_id: actId, user_id: userId };
  const [me] = await read(scoreQ, who);
  const score = num(me?.score);
  if (!me || score <= 0) return { score: 0, rank: null };
  const reachedAt = num(me.reached_at);
  const hour = hourOf(reachedAt);
  const at = { corp_id: corpId, act_id: actId };
  const [a, b, c] = await Promise.all([
    read(aheadByScoreQ, { ...at, score }),
    read(aheadByHourQ, { ...at, score, hour }),
    read(aheadInHourQ, { ...who, score, from: hour * HOUR, reached_at: reachedAt }),
  ]);
  return { score, rank: 1 + num(a[0]?.n) + num(b[0]?.n) + num(c[0]?.n) };
}

export async function participants(read: Read, corpId: string, actId: string): Promise<number> {
  return num((await read(participantsQ, { corp_id: corpId, act_id: actId }))[0]?.n);
}

/** The leaderboard's first rows in rank order, with the mobile to mask (app_user, read-only). */
export async function top(db: Own<'season'>, corpId: string, actId: string, limit: number) {
  return db
    .selectFrom('season_score as s')
    .leftJoin('app_user as u', (j) => j.onRef('u.corp_id', '=', 's.corp_id').onRef('u.id', '=', 's.user_id'))
    .select(['s.user_id', 's.score', 'u.mobile', 'u.nuid'])
    .where('s.corp_id', '=', corpId)
    .where('s.act_id', '=', actId)
    .where('s.score', '>', 0)
    .orderBy('s.score', 'desc')
    .orderBy('s.reached_at', 'asc')
    .orderBy('s.user_id', 'asc')
    .limit(limit)
    .execute();
}
