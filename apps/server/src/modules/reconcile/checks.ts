import type { ReconcileCheck } from '@campaign/contract';
import { sql } from 'kysely';
import type { Own } from '../../db/owners';

// The seven checks of a campaign's books (docs/decisions/0366-reconciliation.md), each as aggregates in SQL
// plus, where they differ, the rows behind the difference (at most ROWS of them). Everything is read through
// the read-only views the owning modules declare (db/owners.ts); the stock left comes through the activity
// module's port (it adds the stock buckets).

const ROWS = 50;
type Db = Own<'reconcile'>;
type Row = ReconcileCheck['rows'][number];
const num = (v: unknown) => Number(v ?? 0);

function check(name: ReconcileCheck['name'], label: string, left: number, right: number, rows: Row[]): ReconcileCheck {
  return { name, label, left, right, ok: left === right && rows.length === 0, rows: rows.slice(0, ROWS) };
}

/** Issued awards: what a prize gave (held ones are nothing yet, declined ones gave nothing). */
const ISSUED = ['issued', 'awaiting_address', 'exchanged'] as const;

export async function draws(db: Db, corpId: string, actId: string): Promise<ReconcileCheck> {
  const total = await db
    .selectFrom('draw as d')
    .leftJoin('prize as p', (j) =>
      j
        .onRef('p.corp_id', '=', 'd.corp_id')
        .onRef('p.act_id', '=', 'd.act_id')
        .onRef('p.id', '=', 'd.awarded_prize_id'),
    )
    .leftJoin('award as a', (j) => j.onRef('a.corp_id', '=', 'd.corp_id').onRef('a.draw_id', '=', 'd.id'))
    .select((eb) => [
      eb.fn.countAll<number>().as('draws'),
      eb.fn.count<number>('a.id').as('wins'),
      eb.fn.sum<number>(eb.case().when('p.kind', '=', 'thanks').then(1).else(0).end()).as('none'),
    ])
    .where('d.corp_id', '=', corpId)
    .where('d.act_id', '=', actId)
    .executeTakeFirstOrThrow();
  const bad = await db
    .selectFrom('draw as d')
    .leftJoin('prize as p', (j) =>
      j
        .onRef('p.corp_id', '=', 'd.corp_id')
        .onRef('p.act_id', '=', 'd.act_id')
        .onRef('p.id', '=', 'd.awarded_prize_id'),
    )
    .leftJoin('award as a', (j) => j.onRef('a.corp_id', '=', 'd.corp_id').onRef('a.draw_id', '=', 'd.id'))
    .select(['d.id as draw_id', 'd.awarded_prize_id', 'p.kind', 'a.id as award_id', 'a.prize_id', 'a.act_id'])
    .where('d.corp_id', '=', corpId)
    .where('d.act_id', '=', actId)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.id', 'is', null), eb.or([eb('p.kind', 'is', null), eb('p.kind', '!=', 'thanks')])]),
        eb.and([eb('a.id', 'is not', null), eb('p.kind', '=', 'thanks')]),
        eb('a.prize_id', '!=', eb.ref('d.awarded_prize_id')),
        eb('a.act_id', '!=', eb.ref('d.act_id')),
      ]),
    )
    .limit(ROWS)
    .execute();
  const rows: Row[] = bad.map((b) =>
    b.award_id === null
      ? { table: 'draw', id: b.draw_id, detail: `抽中奖品 ${b.awarded_prize_id}，但没有奖励记录` }
      : b.kind === 'thanks'
        ? { table: 'award', id: b.award_id, detail: `未中奖的抽奖 ${b.draw_id} 却有奖励记录` }
        : {
            table: 'award',
            id: b.award_id,
            detail: `奖励记录为 ${b.act_id}/${b.prize_id}，抽奖 ${b.draw_id} 抽中的是 ${b.awarded_prize_id}`,
          },
  );
  return check('draws', '抽奖次数 = 中奖 + 未中奖', num(total.draws), num(total.wins) + num(total.none), rows);
}

/** Per prize with a stock: awards given, what took it out of stock (draws, and awards made without one), its total. */
export async function perPrize(db: Db, corpId: string, actId: string) {
  const prizes = await db
    .selectFrom('prize')
    .select(['id', 'name', 'total_stock'])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('total_stock', 'is not', null)
    .execute();
  const awards = await db
    .selectFrom('award')
    .select((eb) => ['prize_id', eb.fn.countAll<number>().as('n')])
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('status', '!=', 'declined')
    .groupBy('prize_id')
    .execute();
  // A draw whose held award was declined gave its unit back (approvals' effect): it no longer took stock.
  const drawn = await db
    .selectFrom('draw as d')
    .select((eb) => ['d.awarded_prize_id', eb.fn.countAll<number>().as('n')])
    .where('d.corp_id', '=', corpId)
    .where('d.act_id', '=', actId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('award as a')
            .select('a.id')
            .whereRef('a.corp_id', '=', 'd.corp_id')
            .whereRef('a.draw_id', '=', 'd.id')
            .where('a.status', '=', 'declined'),
        ),
      ),
    )
    .groupBy('d.awarded_prize_id')
    .execute();
  // Stock also leaves without a draw: a season's band prizes, an offer claimed, an exchange. Those awards have
  // no draw row of their own (their draw_id names the season or the claim), and count as issued as they are.
  const given = await db
    .selectFrom('award as a')
    .select((eb) => ['a.prize_id', eb.fn.countAll<number>().as('n')])
    .where('a.corp_id', '=', corpId)
    .where('a.act_id', '=', actId)
    .where('a.status', '!=', 'declined')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('draw as d').select('d.id').whereRef('d.id', '=', 'a.draw_id'))),
    )
    .groupBy('a.prize_id')
    .execute();
  const a = new Map(awards.map((r) => [r.prize_id, num(r.n)]));
  const d = new Map(drawn.map((r) => [r.awarded_prize_id, num(r.n)]));
  const g = new Map(given.map((r) => [r.prize_id, num(r.n)]));
  return prizes.map((p) => ({
    id: p.id,
    name: p.name,
    total: num(p.total_stock),
    awards: a.get(p.id) ?? 0,
    drawn: (d.get(p.id) ?? 0) + (g.get(p.id) ?? 0),
  }));
}

export function awardsStock(
  prizes: Awaited<ReturnType<typeof perPrize>>,
  left: Map<string, number | null>,
): ReconcileCheck[] {
  const rowsA: Row[] = [];
  const rowsB: Row[] = [];
  let awards = 0;
  let issued = 0;
  let drawnPlusLeft = 0;
  let total = 0;
  for (const p of prizes) {
    const l = left.get(p.id) ?? 0;
    const out = p.total - l;
    awards += p.awards;
    issued += out;
    drawnPlusLeft += p.drawn + l;
    total += p.total;
    if (p.awards !== out)
      rowsA.push({ table: 'prize', id: p.id, detail: `${p.name}：奖励 ${p.awards} 条，库存发出 ${out}` });
    if (p.drawn + l !== p.total)
      rowsB.push({ table: 'prize', id: p.id, detail: `${p.name}：发出 ${p.drawn} + 剩余 ${l} ≠ 总库存 ${p.total}` });
  }
  return [
    check('awards_stock', '奖励数 = 库存发出数', awards, issued, rowsA),
    check('stock_balance', '发出 + 剩余 = 初始库存 + 已批准追加', drawnPlusLeft, total, rowsB),
  ];
}

export async function coupons(db: Db, corpId: string, actId: string): Promise<ReconcileCheck> {
  const base = db
    .selectFrom('award')
    .where('corp_id', '=', corpId)
    .where('act_id', '=', actId)
    .where('kind', '=', 'coupon')
    .where('status', 'in', ISSUED);
  const t = await base
    .select((eb) => [
      eb.fn.countAll<number>().as('issued'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'exchanged').then(1).else(0).end()).as('used'),
      eb.fn.sum<number>(eb.case().when('status', '!=', 'exchanged').then(1).else(0).end()).as('open'),
    ])
    .executeTakeFirstOrThrow();
  const bad = await base
    .select(['id', 'status', 'used_at', 'coupon_code'])
    .where((eb) =>
      eb.or([
        eb('coupon_code', 'is', null),
        eb.and([eb('status', '=', 'exchanged'), eb('used_at', 'is', null)]),
        eb.and([eb('status', '!=', 'exchanged'), eb('used_at', 'is not', null)]),
      ]),
    )
    .limit(ROWS)
    .execute();
  const rows = bad.map((b) => ({
    table: 'award',
    id: b.id,
    detail: b.coupon_code === null ? '已发放的券没有券码' : `券状态 ${b.status} 与使用时间不符`,
  }));
  // Unused and expired together are the coupons not used (expiry is the clock's reading of an unused one).
  return check('coupons', '发券数 = 已使用 + 未使用 + 已过期', num(t.issued), num(t.used) + num(t.open), rows);
}

export async function storeRedemptions(db: Db, corpId: string, actId: string): Promise<ReconcileCheck> {
  const redeemed = db
    .selectFrom('store_redemption as r')
    .innerJoin('award as a', (j) => j.onRef('a.corp_id', '=', 'r.corp_id').onRef('a.id', '=', 'r.award_id'))
    .where('r.corp_id', '=', corpId)
    .where('a.act_id', '=', actId);
  const successes = sql<string>`(select count(*) from redemption_audit x where x.corp_id = r.corp_id and x.code = r.code and x.outcome in ('redeemed', 'redeemed-by-exception'))`;
  const n = await redeemed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const audited = await redeemed.select(successes.as('s')).execute();
  const bad = await redeemed
    .select(['r.id', 'r.code', successes.as('s')])
    .where(sql<boolean>`${successes} <> 1`)
    .limit(ROWS)
    .execute();
  return check(
    'store_redemptions',
    '门店核销数 = 核销审计成功数',
    num(n.n),
    audited.reduce((s, r) => s + Math.min(1, num(r.s)), 0),
    bad.map((b) => ({ table: 'store_redemption', id: b.id, detail: `审计中成功 ${num(b.s)} 次（应为 1）` })),
  );
}

export async function orders(db: Db, corpId: string, actId: string): Promise<ReconcileCheck> {
  const physical = db
    .selectFrom('award as a')
    .leftJoin('physical_order as o', (j) => j.onRef('o.corp_id', '=', 'a.corp_id').onRef('o.award_id', '=', 'a.id'))
    .where('a.corp_id', '=', corpId)
    .where('a.act_id', '=', actId)
    .where('a.kind', '=', 'physical')
    .where('a.status', 'in', ISSUED);
  const t = await physical
    .select((eb) => [eb.fn.countAll<number>().as('awards'), eb.fn.count<number>('o.id').as('orders')])
    .executeTakeFirstOrThrow();
  const bad = await physical.select(['a.id']).where('o.id', 'is', null).limit(ROWS).execute();
  return check(
    'orders',
    '实物订单数 = 实物中奖数',
    num(t.orders),
    num(t.awards),
    bad.map((b) => ({ table: 'award', id: b.id, detail: '实物奖励没有订单' })),
  );
}

export async function points(db: Db, corpId: string, actId: string): Promise<ReconcileCheck> {
  const ledger = sql<string>`(select coalesce(sum(l.delta), 0) from points_ledger l where l.corp_id = a.corp_id and l.reason = 'draw' and l.ref = a.draw_id)`;
  const awards = db
    .selectFrom('award as a')
    .where('a.corp_id', '=', corpId)
    .where('a.act_id', '=', actId)
    .where('a.kind', '=', 'points')
    .where('a.status', 'in', ISSUED);
  const rows = await awards.select(['a.id', 'a.points', ledger.as('credited')]).execute();
  let credited = 0;
  let given = 0;
  const bad: Row[] = [];
  for (const r of rows) {
    given += num(r.points);
    credited += num(r.credited);
    if (num(r.points) !== num(r.credited))
      bad.push({ table: 'award', id: r.id, detail: `奖励积分 ${num(r.points)}，账本记入 ${num(r.credited)}` });
  }
  return check('points', '发放积分 = 积分账本', given, credited, bad);
}
