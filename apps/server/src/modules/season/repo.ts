import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import type { SeasonTables } from '../../db/schema';
import { changes, read, rows, type Step, type TxDatabase, type TxExec } from '../../db/tx';
import type { SeasonBandDef, SeasonTaskDef } from './definition';

const prepared = preparedFor('season');

// Tables of this module: season, season_draw_task, season_ledger, season_score, season_tally,
// season_hour_tally, season_result. The leaderboard joins app_user read-only for masked mobiles.

export const HOUR = 3_600_000;
/** The tally bucket a time falls in: ties inside one score are counted within one hour at most. */
export const hourOf = (at: number): number => Math.floor(at / HOUR);

export interface SeasonRow {
  corp_id: string;
  act_id: string;
  starts_at: number;
  ends_at: number;
  tasks: SeasonTaskDef[];
  bands: SeasonBandDef[];
  settled_at: number | null;
}

/** The import writes a season's configuration (and its draw tasks) in the import's transaction. */
export async function upsertSeason(db: Own<'season'>, s: Omit<SeasonRow, 'settled_at'>): Promise<void> {
  const row = { ...s, tasks: JSON.stringify(s.tasks), bands: JSON.stringify(s.bands) };
  await db
    .insertInto('season')
    .values({ ...row, settled_at: null })
    .onConflict((oc) =>
      oc.columns(['corp_id', 'act_id']).doUpdateSet({
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        tasks: row.tasks,
        bands: row.bands,
      }),
    )
    .execute();
  await db.deleteFrom('season_draw_task').where('corp_id', '=', s.corp_id).where('act_id', '=', s.act_id).execute();
  const draws = s.tasks.filter((t) => t.kind === 'draw' && t.actId);
  if (draws.length) {
    await db
      .insertInto('season_draw_task')
      .values(
        draws.map((t) => ({
          corp_id: s.corp_id,
          draw_act_id: t.actId as string,
          act_id: s.act_id,
          task_id: t.id,
          points: t.points,
          period: t.period,
        })),
      )
      .execute();
  }
}

function parseSeason(r: SeasonTables['season']): SeasonRow {
  return { ...r, tasks: JSON.parse(r.tasks), bands: JSON.parse(r.bands) };
}

export async function getSeason(db: Own<'season'>, corpId: string, actId: string): Promise<SeasonRow | null> {
  const r = await db
    .selectFrom('season')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .executeTakeFirst();
  return r ? parseSeason(r) : null;
}

export async function corpSeasons(db: Own<'season'>, corpId: string): Promise<SeasonRow[]> {
  return (await db.selectFrom('season').selectAll().where('corp_id', '=', corpId).execute()).map(parseSeason);
}

// ---- the ledger and the score it maintains (one transaction, steps of the caller's) ----

export type LedgerEntry = SeasonTables['season_ledger'];

const insertLedgerQ = prepared<LedgerEntry, never>((db, p) =>
  db
    .insertInto('season_ledger')
    .values({
      corp_id: p('corp_id'),
      act_id: p('act_id'),
      user_id: p('user_id'),
      task_id: p('task_id'),
      period: p('period'),
      points: p('points'),
      created_at: p('created_at'),
    })
    .onConflict((oc) => oc.columns(['corp_id', 'act_id', 'user_id', 'task_id', 'period']).doNothing()),
);

export type Who = { corp_id: string; act_id: string; user_id: string };
const ensureScoreQ = prepared<Who, never>((db, p) =>
  db
    .insertInto('season_score')
    .values({
      corp_id: p('corp_id'),
      act_id: p('act_id'),
      user_id: p('user_id'),
      score: 0,
      reached_at: 0,
      prev_reached_at: 0,
    })
    .onConflict((oc) => oc.columns(['corp_id', 'act_id', 'user_id']).doNothing()),
);

// One UPDATE takes the row lock (PostgreSQL) and tells the score and time it replaced: the right-hand sides
// read the old row, so prev_reached_at is the old reached_at.
const bumpScoreQ = prepared<Who & { points: number; now: number }, { score: number; prev_reached_at: number }>(
  (db, p) =>
    db
      .updateTable('season_score')
      .set((eb) => ({
        score: eb('score', '+', p('points')),
        prev_reached_at: eb.ref('reached_at'),
        reached_at: p('now'),
      }))
      .where('corp_id', '=', p('corp_id'))
      .where('act_id', '=', p('act_id'))
      .where('user_id', '=', p('user_id'))
      .returning(['score', 'prev_reached_at']),
  { plannedPerCall: true },
);

export type Bucket = { corp_id: string; act_id: string; score: number; hour: number };
const leaveTallyQ = prepared<Bucket, never>((db, p) =>
  db
    .updateTable('season_tally')
    .set((eb) => ({ n: eb('n', '-', 1) }))
    .where('corp_id', '=', p('corp_id'))
    .where('act_id', '=', p('act_id'))
    .where('score', '=', p('score')),
);
const leaveHourQ = prepared<Bucket, never>((db, p) =>
  db
    .updateTable('season_hour_tally')
    .set((eb) => ({ n: eb('n', '-', 1) }))
    .where('corp_id', '=', p('corp_id'))
    .where('act_id', '=', p('act_id'))
    .where('score', '=', p('score'))
    .where('hour', '=', p('hour')),
);
const enterTallyQ = prepared<Bucket, never>((db, p) =>
  db
    .insertInto('season_tally')
    .values({ corp_id: p('corp_id'), act_id: p('act_id'), score: p('score'), n: 1 })
    .onConflict((oc) =>
      oc.columns(['corp_id', 'act_id', 'score']).doUpdateSet((eb) => ({ n: eb('season_tally.n', '+', 1) })),
    ),
);
const enterHourQ = prepared<Bucket, never>((db, p) =>
  db
    .insertInto('season_hour_tally')
    .values({ corp_id: p('corp_id'), act_id: p('act_id'), score: p('score'), hour: p('hour'), n: 1 })
    .onConflict((oc) =>
      oc
        .columns(['corp_id', 'act_id', 'score', 'hour'])
        .doUpdateSet((eb) => ({ n: eb('season_hour_tally.n', '+', 1) })),
    ),
);

/**
 * Appends one ledger entry and, only if it is new, moves the participant's score and the tallies. Rows are
 * locked in one order everywhere (the participant, then tallies by ascending score: a score only grows), so
 * concurrent credits on PostgreSQL never deadlock. null: this task had already credited in this period.
 */
export function* credit(x: TxExec, e: LedgerEntry): Step<{ score: number; reachedAt: number } | null> {
  if ((yield* changes(x, insertLedgerQ, e)) === 0) return null;
  const who = { corp_id: e.corp_id, act_id: e.act_id, user_id: e.user_id };
  yield* changes(x, ensureScoreQ, who);
  const [after] = yield* rows(x, bumpScoreQ, { ...who, points: e.points, now: e.created_at });
  if (!after) throw new Error('season_score row vanished inside its transaction');
  const score = Number(after.score);
  const before = score - e.points;
  const at = { corp_id: e.corp_id, act_id: e.act_id };
  if (before > 0) {
    const old = { ...at, score: before, hour: hourOf(Number(after.prev_reached_at)) };
    yield* changes(x, leaveTallyQ, old);
    yield* changes(x, leaveHourQ, old);
  }
  const now = { ...at, score, hour: hourOf(e.created_at) };
  yield* changes(x, enterTallyQ, now);
  yield* changes(x, enterHourQ, now);
  return { score, reachedAt: e.created_at };
}

const drawTasksQ = prepared<
  { corp_id: string; draw_act_id: string },
  { act_id: string; task_id: string; points: number; period: string; starts_at: number; ends_at: number }
>((db, p) =>
  db
    .selectFrom('season_draw_task as t')
    .innerJoin('season as s', (j) => j.onRef('s.corp_id', '=', 't.corp_id').onRef('s.act_id', '=', 't.act_id'))
    .select(['t.act_id', 't.task_id', 't.points', 't.period', 's.starts_at', 's.ends_at'])
    .where('t.corp_id', '=', p('corp_id'))
    .where('t.draw_act_id', '=', p('draw_act_id')),
);
/** The season tasks a draw in this activity feeds (usually none: one indexed lookup per draw). */
export function* drawTasks(x: TxExec, corpId: string, drawActId: string) {
  return yield* rows(x, drawTasksQ, { corp_id: corpId, draw_act_id: drawActId });
}
export type DrawTaskRow = Awaited<ReturnType<typeof drawTasksQ>>['rows'][number];

export async function ledgerOf(db: Own<'season'>, corpId: string, actId: string, userId: string) {
  return db
    .selectFrom('season_ledger')
    .select(['task_id', 'period', 'points', 'created_at'])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('user_id', '=', userId)
    .execute();
}

// ---- settlement ----

const markSettledQ = prepared<{ corp_id: string; act_id: string; now: number }, never>((db, p) =>
  db
    .updateTable('season')
    .set({ settled_at: p('now') })
    .where('corp_id', '=', p('corp_id'))
    .where('act_id', '=', p('act_id'))
    .where('settled_at', 'is', null),
);
/** Claims the settlement: only the first caller changes the row (the row lock orders concurrent ones). */
export function* markSettled(x: TxExec, corpId: string, actId: string, now: number): Step<boolean> {
  return (yield* changes(x, markSettledQ, { corp_id: corpId, act_id: actId, now })) === 1;
}

const winnersQ = prepared<{ corp_id: string; act_id: string; limit: number }, { user_id: string; score: number }>(
  (db, p) =>
    db
      .selectFrom('season_score')
      .select(['user_id', 'score'])
      .where('corp_id', '=', p('corp_id'))
      .where('act_id', '=', p('act_id'))
      .where('score', '>', 0)
      .orderBy('score', 'desc')
      .orderBy('reached_at', 'asc')
      .orderBy('user_id', 'asc')
      .limit(p('limit')),
  { plannedPerCall: true },
);
export function* winners(x: TxExec, corpId: string, actId: string, limit: number) {
  return yield* rows(x, winnersQ, { corp_id: corpId, act_id: actId, limit });
}
/** The same winners read outside a transaction (a settlement judges them before it claims the season). */
export function winnersNow(database: TxDatabase, corpId: string, actId: string, limit: number) {
  return read(database, winnersQ, { corp_id: corpId, act_id: actId, limit });
}

type ResultRow = SeasonTables['season_result'];
const insertResultQ = prepared<ResultRow, never>((db, p) =>
  db.insertInto('season_result').values({
    corp_id: p('corp_id'),
    act_id: p('act_id'),
    user_id: p('user_id'),
    rank: p('rank'),
    score: p('score'),
    prize_id: p('prize_id'),
    award_id: p('award_id'),
    created_at: p('created_at'),
  }),
);
export function* insertResult(x: TxExec, row: ResultRow): Step<void> {
  yield* changes(x, insertResultQ, row);
}

export async function resultOf(db: Own<'season'>, corpId: string, actId: string, userId: string) {
  return db
    .selectFrom('season_result')
    .select(['rank', 'score', 'prize_id'])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What the risk engine reads of customers judged without a session (an inviter, a winner): auth's app_user view. */
export async function customersOf(db: Own<'season'>, corpId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('app_user')
    .select(['id', 'mobile', 'created_at'])
    .where('corp_id', '=', corpId)
    .where('id', 'in', userIds)
    .execute();
}
