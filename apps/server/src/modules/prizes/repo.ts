import type { NotNull, Selectable } from 'kysely';
import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import type { AwardTable } from '../../db/schema';
import { changes, type Step, type TxExec } from '../../db/tx';

const prepared = preparedFor('prizes');

// Tables of this module: award, points_ledger, and the read view award_line (award ⋈ prize ⋈ activity,
// migration 0023). The customer-facing lists read award_line and join the views of app_user and
// physical_order (db/owners.ts) read-only for masked mobiles and the order's state.

// The draw writes awards without the coupon-use columns (they start null).
export type AwardRow = Omit<Selectable<AwardTable>, 'used_at' | 'used_channel' | 'use_key'>;

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

export async function getAwardByDraw(db: Own<'prizes'>, corpId: string, drawId: string) {
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

const myPrizeColumns = [
  'award_line.id as awardId',
  'award_line.act_id as actId',
  'award_line.activity_title as activityTitle',
  'award_line.prize_name as prizeName',
  'award_line.kind as kind',
  'award_line.prize_image as image',
  'award_line.prize_value_cents as valueCents',
  'award_line.status as status',
  'award_line.coupon_code as couponCode',
  'award_line.points as points',
  'award_line.order_id as orderId',
  'award_line.created_at as createdAt',
  'award_line.used_channel as usedChannel',
  'physical_order.status as orderStatus',
  'award_line.address_window_days as addressWindowDays',
  'award_line.coupon_valid_days as couponValidDays',
  // Only a real draw's id (an offer's or a season's award key, or a demo seed's, has no draw row): the one
  // the public verify page recomputes. The customer's own: the list is theirs, and the draw is joined by user too.
  'draw.id as drawId',
] as const;

/** One customer's awards with their prize and activity (the award_line view: names and claim terms). */
export function ownAwards(db: Own<'prizes'>, corpId: string, userId: string) {
  return corpAwards(db, corpId).where('award_line.user_id', '=', userId);
}

/**
 * The corp's awards with their prize and activity, both there (an award whose prize is gone is not
 * listed): a store's counter looks a code up among all of them.
 */
export function corpAwards(db: Own<'prizes'>, corpId: string) {
  return db
    .selectFrom('award_line')
    .where('award_line.corp_id', '=', corpId)
    .where('award_line.prize_name', 'is not', null)
    .where('award_line.activity_title', 'is not', null);
}

function myPrizesQuery(db: Own<'prizes'>, corpId: string, userId: string) {
  return ownAwards(db, corpId, userId)
    .leftJoin('physical_order', (j) =>
      j
        .onRef('physical_order.corp_id', '=', 'award_line.corp_id')
        .onRef('physical_order.award_id', '=', 'award_line.id'),
    )
    .leftJoin('draw', (j) =>
      j
        .onRef('draw.corp_id', '=', 'award_line.corp_id')
        .onRef('draw.id', '=', 'award_line.draw_id')
        .onRef('draw.user_id', '=', 'award_line.user_id'),
    )
    .select(myPrizeColumns)
    .$narrowType<{
      activityTitle: NotNull;
      prizeName: NotNull;
      image: NotNull;
      valueCents: NotNull;
      addressWindowDays: NotNull;
    }>();
}

export async function myPrizes(
  db: Own<'prizes'>,
  corpId: string,
  userId: string,
  filter: { actId?: string; status?: AwardRow['status']; awardId?: string },
) {
  let q = myPrizesQuery(db, corpId, userId);
  if (filter.actId) q = q.where('award_line.act_id', '=', filter.actId);
  if (filter.status) q = q.where('award_line.status', '=', filter.status);
  if (filter.awardId) q = q.where('award_line.id', '=', filter.awardId);
  return q.orderBy('award_line.created_at', 'desc').limit(200).execute();
}

export async function setAwardStatus(
  db: Own<'prizes'>,
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

export async function recentWinners(db: Own<'prizes'>, corpId: string, actId: string, limit: number) {
  return (
    db
      .selectFrom('award_line')
      .innerJoin('app_user', 'app_user.id', 'award_line.user_id')
      .select([
        'award_line.user_id',
        'app_user.mobile',
        'app_user.nuid',
        'award_line.prize_name as name',
        'award_line.created_at',
      ])
      .$narrowType<{ name: NotNull }>()
      .where('award_line.corp_id', '=', corpId)
      .where('award_line.act_id', '=', actId)
      // The prize is there (an award whose prize is gone is not listed).
      .where('award_line.prize_name', 'is not', null)
      // Only final awards: a prize held for an approver (审核中) or declined has not been won yet.
      .where('award_line.status', 'not in', ['pending_approval', 'declined'])
      .orderBy('award_line.created_at', 'desc')
      .orderBy('award_line.id', 'desc')
      .limit(limit)
      .execute()
  );
}

export async function issuedCounts(db: Own<'prizes'>, corpId: string, actId: string) {
  const rows = await db
    .selectFrom('award')
    .select(['prize_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    // A declined award gave its unit back: it was never given out.
    .where('status', '!=', 'declined')
    .groupBy('prize_id')
    .execute();
  return new Map(rows.map((r) => [r.prize_id, Number(r.n)]));
}

/** A confirmed order's award is exchanged (orders' AwardExchangePort, in the confirmation's transaction). */
export async function markExchanged(db: Own<'prizes'>, corpId: string, awardId: string, now: number) {
  await db
    .updateTable('award')
    .set({ status: 'exchanged', updated_at: now })
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .execute();
}

/**
 * Use a code once: only an issued coupon changes, so of concurrent uses exactly one wins. The customer's own
 * use names its user; a store's counter (which does not know whose ticket it is) passes null.
 */
export async function markUsed(
  db: Own<'prizes'>,
  corpId: string,
  userId: string | null,
  awardId: string,
  use: { channel: 'store' | 'online' | 'app'; key: string; now: number },
): Promise<boolean> {
  let q = db
    .updateTable('award')
    .set({ status: 'exchanged', used_at: use.now, used_channel: use.channel, use_key: use.key, updated_at: use.now })
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('kind', '=', 'coupon')
    .where('status', '=', 'issued');
  if (userId !== null) q = q.where('user_id', '=', userId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The customer's points: the sum of their ledger and its latest lines. */
export async function pointsOf(db: Own<'prizes'>, corpId: string, userId: string, lines: number) {
  const [sum, entries] = await Promise.all([
    db
      .selectFrom('points_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('delta'), eb.lit(0)).as('balance'))
      .where('corp_id', '=', corpId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('points_ledger')
      .select(['delta', 'reason', 'created_at'])
      .where('corp_id', '=', corpId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(lines)
      .execute(),
  ]);
  return { balance: Number(sum?.balance ?? 0), entries };
}
