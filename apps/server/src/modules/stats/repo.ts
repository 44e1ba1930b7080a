import { sql } from 'kysely';
import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import type { StatsDeltaTable } from '../../db/schema-stats';
import { changes, type Step, type TxExec } from '../../db/tx';

const prepared = preparedFor('stats');

// Tables of this module: stats_delta, stats_total, stats_hour, stats_minute, stats_seen.

export const MINUTE = 60_000;
/** The act_id of a corp's all-campaigns roll-up rows. */
export const ALL = '*';
export const HOUR = 3_600_000;

export type Delta = Omit<StatsDeltaTable, 'id'>;

const insertDeltaQ = prepared<Delta, never>((db, p) =>
  db.insertInto('stats_delta').values({
    corp_id: p('corp_id'),
    act_id: p('act_id'),
    at: p('at'),
    channel: p('channel'),
    metric: p('metric'),
    prize_id: p('prize_id'),
    n: p('n'),
    cents: p('cents'),
  }),
);

/** One delta row inside the caller's transaction (a draw's: one small insert, no row anyone else writes). */
export function* addDelta(x: TxExec, d: Delta): Step<void> {
  yield* changes(x, insertDeltaQ, d);
}

export async function anyDelta(db: Own<'stats'>): Promise<boolean> {
  return (await db.selectFrom('stats_delta').select('id').limit(1).execute()).length > 0;
}

/** Deltas outside any transaction of another module (page views, claims, the request counters). */
export async function addDeltas(db: Own<'stats'>, ds: Delta[]): Promise<void> {
  if (ds.length) await db.insertInto('stats_delta').values(ds).execute();
}

/** A visitor of a campaign counted once per kind: true when this is the first time. */
export async function firstSeen(db: Own<'stats'>, corpId: string, actId: string, kind: string, who: string) {
  const r = await db
    .insertInto('stats_seen')
    .values({ corp_id: corpId, act_id: actId, kind, who })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface Increment {
  corp_id: string;
  act_id: string;
  channel: string;
  metric: string;
  prize_id: string;
  n: number;
  cents: number;
}

/**
 * Takes up to `limit` deltas out of stats_delta (deleted in the caller's transaction, so two folds on two
 * nodes never count one twice: PostgreSQL skips the rows another fold holds).
 */
export async function takeDeltas(tx: Own<'stats'>, limit: number, postgres: boolean) {
  const ids = tx.selectFrom('stats_delta').select('id').orderBy('id').limit(limit);
  return tx
    .deleteFrom('stats_delta')
    .where('id', 'in', postgres ? ids.forUpdate().skipLocked() : ids)
    .returning(['corp_id', 'act_id', 'at', 'channel', 'metric', 'prize_id', 'n', 'cents'])
    .execute();
}

type RollupTable = 'stats_total' | 'stats_hour' | 'stats_minute';
const timeColumn = { stats_total: null, stats_hour: 'hour', stats_minute: 'minute' } as const;

/** Adds increments to a roll-up (one statement per 500 rows). */
export async function addTo(tx: Own<'stats'>, table: RollupTable, rows: (Increment & { t?: number })[]) {
  const time = timeColumn[table];
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map(({ t, ...r }) => (time ? { ...r, [time]: t ?? 0 } : r));
    const keys = ['corp_id', 'act_id', ...(time ? [time] : []), 'channel', 'metric', 'prize_id'];
    await tx
      .insertInto(table)
      .values(values as never)
      .onConflict((oc) =>
        oc.columns(keys as never).doUpdateSet({
          n: sql`${sql.ref(`${table}.n`)} + excluded.n`,
          cents: sql`${sql.ref(`${table}.cents`)} + excluded.cents`,
        } as never),
      )
      .execute();
  }
}

/** Minutes older than the pace window are of no further use. */
export async function pruneMinutes(db: Own<'stats'>, before: number) {
  await db.deleteFrom('stats_minute').where('minute', '<', before).execute();
}

type Scope = { corpId: string; actId?: string };
/** Hours read: [from, to) in epoch ms; null: all of them. */
export type Span = { from: number; to: number } | null;
/** A campaign's rows, or the corp's all-campaigns rows. */
const actOf = (s: Scope) => s.actId ?? ALL;

/** The totals of a campaign (or of every campaign of the corp) by channel, metric and prize. */
export async function totals(db: Own<'stats'>, s: Scope, span: Span = null) {
  if (span) return totalsIn(db, s, span);
  const q = db
    .selectFrom('stats_total')
    .select([
      'channel',
      'metric',
      'prize_id',
      (eb) => eb.fn.sum<number>('n').as('n'),
      (eb) => eb.fn.sum<number>('cents').as('cents'),
    ])
    .where('corp_id', '=', s.corpId)
    .where('act_id', '=', actOf(s));
  const rows = await q.groupBy(['channel', 'metric', 'prize_id']).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), cents: Number(r.cents) }));
}

/**
 * The totals of some hours, from the hourly roll-up: by metric only (its rows keep neither the channel nor the
 * prize), in the shape of `totals`.
 */
async function totalsIn(db: Own<'stats'>, s: Scope, span: { from: number; to: number }) {
  const rows = await db
    .selectFrom('stats_hour')
    .select(['metric', (eb) => eb.fn.sum<number>('n').as('n'), (eb) => eb.fn.sum<number>('cents').as('cents')])
    .where('corp_id', '=', s.corpId)
    .where('act_id', '=', actOf(s))
    .where('hour', '>=', span.from)
    .where('hour', '<', span.to)
    .groupBy('metric')
    .execute();
  return rows.map((r) => ({ channel: '', metric: r.metric, prize_id: '', n: Number(r.n), cents: Number(r.cents) }));
}

/** Page views, draws and wins per hour. */
export async function hours(db: Own<'stats'>, s: Scope, span: Span = null) {
  let q = db
    .selectFrom('stats_hour')
    .select(['hour', 'metric', (eb) => eb.fn.sum<number>('n').as('n'), (eb) => eb.fn.sum<number>('cents').as('cents')])
    .where('corp_id', '=', s.corpId)
    .where('act_id', '=', actOf(s))
    .where('metric', 'in', ['pv', 'draw', 'win']);
  if (span) q = q.where('hour', '>=', span.from).where('hour', '<', span.to);
  const rows = await q.groupBy(['hour', 'metric']).orderBy('hour').execute();
  return rows.map((r) => ({ hour: Number(r.hour), metric: r.metric, n: Number(r.n), cents: Number(r.cents) }));
}

/** Wins per prize since `since` (the pace of the last hour). */
export async function recentWins(db: Own<'stats'>, s: Scope, since: number) {
  const q = db
    .selectFrom('stats_minute')
    .select(['prize_id', (eb) => eb.fn.sum<number>('n').as('n'), (eb) => eb.fn.sum<number>('cents').as('cents')])
    .where('corp_id', '=', s.corpId)
    .where('act_id', '=', actOf(s))
    .where('metric', '=', 'win')
    .where('minute', '>=', since);
  const rows = await q.groupBy('prize_id').execute();
  return rows.map((r) => ({ prize_id: r.prize_id, n: Number(r.n), cents: Number(r.cents) }));
}

/** Every campaign's draws, wins and spend (the corp's view; the metrics gauges with no corp). */
export async function perCampaign(db: Own<'stats'>, corpId: string | null, span: Span = null) {
  if (span && corpId) return perCampaignIn(db, corpId, span);
  let q = db
    .selectFrom('stats_total')
    .select([
      'corp_id',
      'act_id',
      'metric',
      (eb) => eb.fn.sum<number>('n').as('n'),
      (eb) => eb.fn.sum<number>('cents').as('cents'),
    ])
    .where('metric', 'in', ['draw', 'win'])
    .where('act_id', '<>', ALL);
  if (corpId) q = q.where('corp_id', '=', corpId);
  const rows = await q.groupBy(['corp_id', 'act_id', 'metric']).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), cents: Number(r.cents) }));
}

/** Every campaign's draws, wins and spend in some hours (the corp's view of a date range). */
async function perCampaignIn(db: Own<'stats'>, corpId: string, span: { from: number; to: number }) {
  const rows = await db
    .selectFrom('stats_hour')
    .select([
      'corp_id',
      'act_id',
      'metric',
      (eb) => eb.fn.sum<number>('n').as('n'),
      (eb) => eb.fn.sum<number>('cents').as('cents'),
    ])
    .where('corp_id', '=', corpId)
    .where('metric', 'in', ['draw', 'win'])
    .where('act_id', '<>', ALL)
    .where('hour', '>=', span.from)
    .where('hour', '<', span.to)
    .groupBy(['corp_id', 'act_id', 'metric'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), cents: Number(r.cents) }));
}
