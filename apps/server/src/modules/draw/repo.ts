import { type QueryCreator, type Selectable, sql } from 'kysely';
import type { Own, TablesOf } from '../../db/owners';
import { LockBusy } from '../../db/pg-group-commit';
import { type Param, preparedFor } from '../../db/prepared';
import type { DrawTable, UserActivityStatTable } from '../../db/schema';
import { changes, read, rows, type Step, type TxDatabase, type TxExec } from '../../db/tx';

const prepared = preparedFor('draw');

// Tables of this module: draw, user_activity_stat, risk_log (before issue 35; decisions live in modules/risk).

export type DrawRow = Selectable<DrawTable>;
export type StatRow = Selectable<UserActivityStatTable>;

/** Columns listed, not `*`: the hot path's statements are named on PostgreSQL (db/prepared.ts). */
const DRAW_COLUMNS = [
  'id',
  'corp_id',
  'act_id',
  'user_id',
  'version',
  'draw_index',
  'nonce',
  'idem_key',
  'request_hash',
  'picked_prize_id',
  'awarded_prize_id',
  'fallback_reason',
  'roll_hex',
  'day',
  'created_at',
] as const satisfies readonly (keyof DrawTable)[];
const STAT_COLUMNS = [
  'corp_id',
  'act_id',
  'user_id',
  'draws_total',
  'day',
  'draws_day',
  'extra_chances',
] as const satisfies readonly (keyof UserActivityStatTable)[];

const drawByKeyQ = prepared<{ corp: string; user: string; key: string }, DrawRow>(
  (db, p) =>
    db
      .selectFrom('draw')
      .select(DRAW_COLUMNS)
      .where('corp_id', '=', p('corp'))
      .where('user_id', '=', p('user'))
      .where('idem_key', '=', p('key')),
  { growingTables: ['draw'] },
);
export async function findDrawByKey(database: TxDatabase, corpId: string, userId: string, key: string) {
  return (await read(database, drawByKeyQ, { corp: corpId, user: userId, key }))[0];
}

const statQ = prepared<{ corp: string; act: string; user: string }, StatRow>(
  (db, p) =>
    db
      .selectFrom('user_activity_stat')
      .select(STAT_COLUMNS)
      .where('corp_id', '=', p('corp'))
      .where('act_id', '=', p('act'))
      .where('user_id', '=', p('user')),
  { growingTables: ['user_activity_stat'] },
);
export async function getStat(db: Own<'draw'>, corpId: string, actId: string, userId: string) {
  return (await statQ(db, { corp: corpId, act: actId, user: userId })).rows[0];
}
/** What a draw reads first: whether it holds the customer's turn, their counters, an earlier draw under the key. */
export interface DrawStart {
  stat: StatRow | undefined;
  earlier: DrawRow | undefined;
}

type Prefixed<T, P extends string> = { [K in keyof T & string as `${P}${K}`]: T[K] | null };
type StartRow = { ok: boolean } & Prefixed<StatRow, 's_'> & Prefixed<DrawRow, 'd_'>;

/**
 * PostgreSQL: the customer's turn, their counters and an earlier draw under the key in ONE statement (ADR
 * 0052, fourth addendum). The turn is a transaction-level advisory lock on the customer and activity: without
 * it simultaneous draws would read the same count and all but one collide on the draw position. It does not
 * wait: draws run in batches (db/pg-group-commit.ts), and a batch waiting for another batch's customer while
 * holding a prize's stock would make everyone wait (or deadlock); the draw goes to a later batch instead. In
 * one batch (one transaction) the lock is taken again at once. The rows are read in the statement's
 * snapshot, taken just before the lock: a draw of this customer that committed between the two is not seen,
 * and this draw then takes its position (draw_index_uq) or key (draw_idem_uq) again and fails as a unique
 * violation, which the draw service answers by looking again (service.ts). That holds because every change
 * to a customer's draw count comes with a draw row at that position (recordDraw), and a draw never writes
 * the extra chances (the upsert keeps them). A write that changed the count without a draw row would have to
 * take this lock and read after it.
 */
const startQ = prepared<{ lock: string; corp: string; act: string; user: string; key: string }, StartRow>(
  (db, p) =>
    db
      .selectFrom(
        sql<{ ok: boolean }>`(select pg_try_advisory_xact_lock(hashtextextended(${p('lock')}, 0)) as ok)`.as('l'),
      )
      .leftJoin('user_activity_stat as s', (j) =>
        j.on('s.corp_id', '=', p('corp')).on('s.act_id', '=', p('act')).on('s.user_id', '=', p('user')),
      )
      .leftJoin('draw as d', (j) =>
        j.on('d.corp_id', '=', p('corp')).on('d.user_id', '=', p('user')).on('d.idem_key', '=', p('key')),
      )
      .select([
        'l.ok',
        ...STAT_COLUMNS.map((c) => `s.${c} as s_${c}` as const),
        ...DRAW_COLUMNS.map((c) => `d.${c} as d_${c}` as const),
      ]),
  { growingTables: ['user_activity_stat', 'draw'] },
);

const unprefix = <T>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): T =>
  Object.fromEntries(columns.map((c) => [c, row[`${prefix}${c}`]])) as T;

/**
 * The first step of a draw: take the customer's turn in this activity (PostgreSQL; `LockBusy` when another
 * batch holds it), and read their counters and any earlier draw under the key. On SQLite the group commit
 * already runs every draw body alone under the write lock.
 */
export function* startDraw(x: TxExec, corpId: string, actId: string, userId: string, key: string): Step<DrawStart> {
  if ('sqlite' in x)
    return {
      stat: statQ.all(x.sqlite, { corp: corpId, act: actId, user: userId })[0],
      earlier: drawByKeyQ.all(x.sqlite, { corp: corpId, user: userId, key })[0],
    };
  const [row] = yield* rows(x, startQ, {
    lock: `draw|${corpId}|${actId}|${userId}`,
    corp: corpId,
    act: actId,
    user: userId,
    key,
  });
  if (!row?.ok) throw new LockBusy("the customer's previous draw");
  return {
    stat: row.s_corp_id === null ? undefined : unprefix<StatRow>(row, 's_', STAT_COLUMNS),
    earlier: row.d_id === null ? undefined : unprefix<DrawRow>(row, 'd_', DRAW_COLUMNS),
  };
}

const drawValues = (p: Param<DrawRow>) => ({
  id: p('id'),
  corp_id: p('corp_id'),
  act_id: p('act_id'),
  user_id: p('user_id'),
  version: p('version'),
  draw_index: p('draw_index'),
  nonce: p('nonce'),
  idem_key: p('idem_key'),
  request_hash: p('request_hash'),
  picked_prize_id: p('picked_prize_id'),
  awarded_prize_id: p('awarded_prize_id'),
  fallback_reason: p('fallback_reason'),
  roll_hex: p('roll_hex'),
  day: p('day'),
  created_at: p('created_at'),
});
/** The customer's counters after a draw: its own row, written whole (extra chances are kept). */
const saveStat = (qc: QueryCreator<TablesOf<'draw'>>, p: Param<StatRow>) =>
  qc
    .insertInto('user_activity_stat')
    .values({
      corp_id: p('corp_id'),
      act_id: p('act_id'),
      user_id: p('user_id'),
      draws_total: p('draws_total'),
      day: p('day'),
      draws_day: p('draws_day'),
      extra_chances: p('extra_chances'),
    })
    .onConflict((oc) =>
      oc.columns(['corp_id', 'act_id', 'user_id']).doUpdateSet((eb) => ({
        draws_total: eb.ref('excluded.draws_total'),
        day: eb.ref('excluded.day'),
        draws_day: eb.ref('excluded.draws_day'),
      })),
    );
const insertDrawQ = prepared<DrawRow, never>((db, p) => db.insertInto('draw').values(drawValues(p)));
const saveStatQ = prepared<StatRow, never>(saveStat);
type Counters = Pick<StatRow, 'draws_total' | 'draws_day' | 'extra_chances'>;
/** PostgreSQL: the draw row and the counters in one statement (a data-modifying WITH). */
const recordDrawQ = prepared<DrawRow & Counters, never>((db, p) =>
  saveStat(
    db.with('d', (w) => w.insertInto('draw').values(drawValues(p))) as unknown as QueryCreator<TablesOf<'draw'>>,
    p,
  ),
);
/**
 * The draw row and the customer's counters after it (the draw's own day: the campaign day it was made on).
 * One statement on PostgreSQL: a draw that lost its position or key to another (a unique violation) stores
 * neither.
 */
export function* recordDraw(x: TxExec, draw: DrawRow, counters: Counters): Step<void> {
  if ('sqlite' in x) {
    insertDrawQ.run(x.sqlite, draw);
    saveStatQ.run(x.sqlite, { ...draw, ...counters });
    return;
  }
  yield* changes(x, recordDrawQ, { ...draw, ...counters });
}

const userWinsQ = prepared<{ corp: string; act: string; user: string }, { awarded_prize_id: string; n: number }>(
  (db, p) =>
    db
      .selectFrom('draw')
      .select(['awarded_prize_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('corp_id', '=', p('corp'))
      .where('act_id', '=', p('act'))
      .where('user_id', '=', p('user'))
      .groupBy('awarded_prize_id'),
  { plannedPerCall: true },
);
/** Wins per prize of one user in one activity (for per-user caps). */
export function* userWins(x: TxExec, corpId: string, actId: string, userId: string): Step<Map<string, number>> {
  const found = yield* rows(x, userWinsQ, { corp: corpId, act: actId, user: userId });
  return new Map(found.map((r) => [r.awarded_prize_id, Number(r.n)]));
}

export async function allDraws(db: Own<'draw'>, corpId: string, actId: string) {
  return db
    .selectFrom('draw')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('created_at')
    .execute();
}

export async function drawById(db: Own<'draw'>, corpId: string, drawId: string) {
  return db.selectFrom('draw').selectAll().where('corp_id', '=', corpId).where('id', '=', drawId).executeTakeFirst();
}
