import type { Insertable, Selectable } from 'kysely';
import type { Database_, Executor } from '../../db';
import { prepared } from '../../db/prepared';
import type {
  ActivityGroupTable,
  ActivityTable,
  AwardTable,
  DrawTable,
  PrizeTable_,
  RiskLogTable,
  UserActivityStatTable,
} from '../../db/schema';
import { changes, read, rows, type Step, type TxExec } from '../../db/tx';

export type ActivityRow = Selectable<ActivityTable>;
export type PrizeRow = Selectable<PrizeTable_>;
export type DrawRow = Selectable<DrawTable>;
export type AwardRow = Selectable<AwardTable>;
export type StatRow = Selectable<UserActivityStatTable>;

export async function getActivity(db: Executor, corpId: string, actId: string): Promise<ActivityRow | undefined> {
  return db.selectFrom('activity').selectAll().where('corp_id', '=', corpId).where('id', '=', actId).executeTakeFirst();
}

export async function listActivities(db: Executor, corpId: string): Promise<ActivityRow[]> {
  return db.selectFrom('activity').selectAll().where('corp_id', '=', corpId).orderBy('starts_at').execute();
}

export async function getPrizes(db: Executor, corpId: string, actId: string): Promise<PrizeRow[]> {
  return db
    .selectFrom('prize')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('sort')
    .execute();
}

const stockLeftQ = prepared<
  { corp: string; act: string },
  { id: string; left_stock: number | null; total_stock: number | null }
>((db, p) =>
  db
    .selectFrom('prize')
    .select(['id', 'left_stock', 'total_stock'])
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act')),
);
export async function stockLeft(db: Executor, corpId: string, actId: string) {
  return (await stockLeftQ(db, { corp: corpId, act: actId })).rows;
}

export async function insertActivity(db: Executor, row: Insertable<ActivityTable>) {
  await db.insertInto('activity').values(row).execute();
}

export async function updateActivity(db: Executor, corpId: string, actId: string, set: Partial<ActivityTable>) {
  await db.updateTable('activity').set(set).where('corp_id', '=', corpId).where('id', '=', actId).execute();
}

export async function insertVersion(
  db: Executor,
  row: { corp_id: string; act_id: string; version: number; published_at: number; rules_html: string; prizes: string },
) {
  await db.insertInto('activity_version').values(row).execute();
}

/** Before first publication a draft's single version is rewritten in place. */
export async function replaceVersions(db: Executor, row: Parameters<typeof insertVersion>[1]) {
  await db.deleteFrom('activity_version').where('corp_id', '=', row.corp_id).where('act_id', '=', row.act_id).execute();
  await insertVersion(db, row);
}

export async function getVersions(db: Executor, corpId: string, actId: string) {
  return db
    .selectFrom('activity_version')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('version')
    .execute();
}

export async function upsertPrize(db: Executor, row: PrizeRow, exists: boolean) {
  if (exists) {
    const { corp_id, act_id, id, ...rest } = row;
    await db
      .updateTable('prize')
      .set(rest)
      .where('corp_id', '=', corp_id)
      .where('act_id', '=', act_id)
      .where('id', '=', id)
      .execute();
  } else {
    await db.insertInto('prize').values(row).execute();
  }
}

export async function deletePrizesExcept(db: Executor, corpId: string, actId: string, keep: string[]) {
  let q = db.deleteFrom('prize').where('corp_id', '=', corpId).where('act_id', '=', actId);
  if (keep.length) q = q.where('id', 'not in', keep);
  await q.execute();
}

const takeStockQ = prepared<{ corp: string; act: string; id: string }, never>((db, p) =>
  db
    .updateTable('prize')
    .set((eb) => ({ left_stock: eb('left_stock', '-', 1) }))
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('id', '=', p('id'))
    .where('left_stock', '>', 0),
);
/** The one place stock is taken: never below zero, whatever runs at the same time. */
export function* takeStock(x: TxExec, corpId: string, actId: string, prizeId: string): Step<boolean> {
  return (yield* changes(x, takeStockQ, { corp: corpId, act: actId, id: prizeId })) === 1;
}

export async function getGroup(db: Executor, corpId: string, id: string) {
  return db
    .selectFrom('activity_group')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function upsertGroup(db: Executor, row: ActivityGroupTable) {
  const existing = await getGroup(db, row.corp_id, row.id);
  if (existing) {
    const { corp_id, id, ...rest } = row;
    await db.updateTable('activity_group').set(rest).where('corp_id', '=', corp_id).where('id', '=', id).execute();
  } else {
    await db.insertInto('activity_group').values(row).execute();
  }
}

const drawByKeyQ = prepared<{ corp: string; user: string; key: string }, DrawRow>((db, p) =>
  db
    .selectFrom('draw')
    .selectAll()
    .where('corp_id', '=', p('corp'))
    .where('user_id', '=', p('user'))
    .where('idem_key', '=', p('key')),
);
export async function findDrawByKey(database: Database_, corpId: string, userId: string, key: string) {
  return (await read(database, drawByKeyQ, { corp: corpId, user: userId, key }))[0];
}

const insertDrawQ = prepared<DrawRow, never>((db, p) =>
  db.insertInto('draw').values({
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
  }),
);
export function* insertDraw(x: TxExec, row: DrawRow): Step<void> {
  yield* changes(x, insertDrawQ, row);
}

const statQ = prepared<{ corp: string; act: string; user: string }, StatRow>((db, p) =>
  db
    .selectFrom('user_activity_stat')
    .selectAll()
    .where('corp_id', '=', p('corp'))
    .where('act_id', '=', p('act'))
    .where('user_id', '=', p('user')),
);
export async function getStat(db: Executor, corpId: string, actId: string, userId: string) {
  return (await statQ(db, { corp: corpId, act: actId, user: userId })).rows[0];
}
export function* statInTx(x: TxExec, corpId: string, actId: string, userId: string): Step<StatRow | undefined> {
  return (yield* rows(x, statQ, { corp: corpId, act: actId, user: userId }))[0];
}

const saveStatQ = prepared<StatRow, never>((db, p) =>
  db
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
    ),
);
export function* saveStat(x: TxExec, row: StatRow): Step<void> {
  yield* changes(x, saveStatQ, row);
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
);
/** Wins per prize of one user in one activity (for per-user caps). */
export function* userWins(x: TxExec, corpId: string, actId: string, userId: string): Step<Map<string, number>> {
  const found = yield* rows(x, userWinsQ, { corp: corpId, act: actId, user: userId });
  return new Map(found.map((r) => [r.awarded_prize_id, Number(r.n)]));
}

const insertAwardQ = prepared<AwardRow, never>((db, p) =>
  db.insertInto('award').values({
    id: p('id'),
    corp_id: p('corp_id'),
    act_id: p('act_id'),
    draw_id: p('draw_id'),
    user_id: p('user_id'),
    prize_id: p('prize_id'),
    kind: p('kind'),
    status: p('status'),
    coupon_code: p('coupon_code'),
    points: p('points'),
    order_id: p('order_id'),
    created_at: p('created_at'),
    updated_at: p('updated_at'),
  }),
);
export function* insertAward(x: TxExec, row: AwardRow): Step<void> {
  yield* changes(x, insertAwardQ, row);
}

export async function getAwardByDraw(db: Executor, corpId: string, drawId: string) {
  return db
    .selectFrom('award')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('draw_id', '=', drawId)
    .executeTakeFirst();
}

type LedgerRow = { corp_id: string; user_id: string; delta: number; reason: string; ref: string; created_at: number };
const creditQ = prepared<LedgerRow, never>((db, p) =>
  db.insertInto('points_ledger').values({
    corp_id: p('corp_id'),
    user_id: p('user_id'),
    delta: p('delta'),
    reason: p('reason'),
    ref: p('ref'),
    created_at: p('created_at'),
  }),
);
export function* creditPoints(x: TxExec, row: LedgerRow): Step<void> {
  yield* changes(x, creditQ, row);
}

type OrderRow = { id: string; corp_id: string; user_id: string; award_id: string; created_at: number };
const createOrderQ = prepared<OrderRow, never>((db, p) =>
  db.insertInto('physical_order').values({
    id: p('id'),
    corp_id: p('corp_id'),
    user_id: p('user_id'),
    award_id: p('award_id'),
    created_at: p('created_at'),
    status: 'awaiting_address',
    address_id: null,
  }),
);
/** A physical prize's order, awaiting the customer's delivery address. */
export function* createOrder(x: TxExec, row: OrderRow): Step<void> {
  yield* changes(x, createOrderQ, row);
}

const myPrizeColumns = [
  'award.id as awardId',
  'award.act_id as actId',
  'activity.title as activityTitle',
  'prize.name as prizeName',
  'award.kind as kind',
  'prize.image as image',
  'prize.value_cents as valueCents',
  'award.status as status',
  'award.coupon_code as couponCode',
  'award.points as points',
  'award.order_id as orderId',
  'award.created_at as createdAt',
] as const;

function myPrizesQuery(db: Executor, corpId: string, userId: string) {
  return db
    .selectFrom('award')
    .innerJoin('prize', (j) =>
      j
        .onRef('prize.corp_id', '=', 'award.corp_id')
        .onRef('prize.act_id', '=', 'award.act_id')
        .onRef('prize.id', '=', 'award.prize_id'),
    )
    .innerJoin('activity', (j) =>
      j.onRef('activity.corp_id', '=', 'award.corp_id').onRef('activity.id', '=', 'award.act_id'),
    )
    .select(myPrizeColumns)
    .where('award.corp_id', '=', corpId)
    .where('award.user_id', '=', userId);
}

export async function myPrizes(
  db: Executor,
  corpId: string,
  userId: string,
  filter: { actId?: string; status?: AwardRow['status']; awardId?: string },
) {
  let q = myPrizesQuery(db, corpId, userId);
  if (filter.actId) q = q.where('award.act_id', '=', filter.actId);
  if (filter.status) q = q.where('award.status', '=', filter.status);
  if (filter.awardId) q = q.where('award.id', '=', filter.awardId);
  return q.orderBy('award.created_at', 'desc').limit(200).execute();
}

export async function setAwardStatus(
  db: Executor,
  corpId: string,
  awardId: string,
  from: AwardRow['status'],
  to: AwardRow['status'],
  now: number,
) {
  const r = await db
    .updateTable('award')
    .set({ status: to, updated_at: now })
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recentWinners(db: Executor, corpId: string, actId: string, limit: number) {
  return db
    .selectFrom('award')
    .innerJoin('app_user', 'app_user.id', 'award.user_id')
    .innerJoin('prize', (j) =>
      j
        .onRef('prize.corp_id', '=', 'award.corp_id')
        .onRef('prize.act_id', '=', 'award.act_id')
        .onRef('prize.id', '=', 'award.prize_id'),
    )
    .select(['app_user.mobile', 'app_user.nuid', 'prize.name', 'award.created_at'])
    .where('award.corp_id', '=', corpId)
    .where('award.act_id', '=', actId)
    .orderBy('award.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function issuedCounts(db: Executor, corpId: string, actId: string) {
  const rows = await db
    .selectFrom('award')
    .select(['prize_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .groupBy('prize_id')
    .execute();
  return new Map(rows.map((r) => [r.prize_id, Number(r.n)]));
}

export async function allDraws(db: Executor, corpId: string, actId: string) {
  return db
    .selectFrom('draw')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .orderBy('created_at')
    .execute();
}

export async function userCreatedAt(db: Executor, corpId: string, userId: string) {
  const r = await db
    .selectFrom('app_user')
    .select('created_at')
    .where('corp_id', '=', corpId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return r?.created_at ?? null;
}

export async function logRisk(db: Executor, row: Omit<RiskLogTable, 'id'>) {
  await db.insertInto('risk_log').values(row).execute();
}
