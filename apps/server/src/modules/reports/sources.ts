import type { ExportKind } from '@campaign/contract';
import { sql } from 'kysely';
import type { Own } from '../../db/owners';

// The rows of each export, read a keyset page at a time (`id > cursor order by id limit n`) through the
// read-only views their owners declare (db/owners.ts): constant memory whatever the size, and no offset
// that grows slower page by page. Each reader returns raw rows; format.ts turns them into cells.

export const PAGE = 5000;

export interface Scope {
  corpId: string;
  actId: string | null;
}

export interface Page<R> {
  rows: R[];
  /** The cursor of the next page; null: this was the last. */
  next: string | null;
}

function paged<R>(rows: R[], key: (r: R) => string, size: number): Page<R> {
  return { rows, next: rows.length < size ? null : key(rows[rows.length - 1] as R) };
}

/**
 * Awards of one campaign are read in the order of their index (corp, campaign, time): the cursor is
 * `time:id`, compared as a row value so equal times page on by id. A corp-wide export reads in id order.
 */
function cursorOf(r: { id: string; created_at: number | string }, byTime: boolean): string {
  return byTime ? `${Number(r.created_at)}:${r.id}` : r.id;
}
function afterCursor(after: string, byTime: boolean) {
  if (!byTime) return sql<boolean>`a.id > ${after}`;
  if (after === '') return sql<boolean>`1 = 1`;
  const i = after.indexOf(':');
  return sql<boolean>`(a.created_at, a.id) > (${Number(after.slice(0, i))}, ${after.slice(i + 1)})`;
}

export async function winners(db: Own<'reports'>, s: Scope, after: string, size = PAGE) {
  let q = db
    .selectFrom('award_line as a')
    .leftJoin('app_user as u', (j) => j.onRef('u.corp_id', '=', 'a.corp_id').onRef('u.id', '=', 'a.user_id'))
    .select([
      'a.id',
      'a.act_id',
      'a.prize_id',
      'a.prize_name',
      'a.kind',
      'a.status',
      'a.user_id',
      'u.mobile',
      'a.created_at',
    ])
    .where('a.corp_id', '=', s.corpId)
    .where(afterCursor(after, s.actId !== null));
  if (s.actId) q = q.where('a.act_id', '=', s.actId).orderBy('a.created_at');
  const rows = await q.orderBy('a.id').limit(size).execute();
  return paged(rows, (r) => cursorOf(r, s.actId !== null), size);
}

export async function orders(db: Own<'reports'>, s: Scope, after: string, size = PAGE) {
  let q = db
    .selectFrom('physical_order as o')
    .innerJoin('award_line as a', (j) => j.onRef('a.corp_id', '=', 'o.corp_id').onRef('a.id', '=', 'o.award_id'))
    .select([
      'o.id',
      'o.award_id',
      'a.act_id',
      'a.prize_name',
      'o.status',
      'o.address_snapshot',
      'o.tracking_no',
      'o.created_at',
    ])
    .where('o.corp_id', '=', s.corpId)
    .where('o.id', '>', after);
  if (s.actId) q = q.where('a.act_id', '=', s.actId);
  const rows = await q.orderBy('o.id').limit(size).execute();
  return paged(rows, (r) => r.id, size);
}

export async function redemptions(db: Own<'reports'>, s: Scope, after: string, size = PAGE) {
  let q = db
    .selectFrom('store_redemption as r')
    .innerJoin('award as a', (j) => j.onRef('a.corp_id', '=', 'r.corp_id').onRef('a.id', '=', 'r.award_id'))
    .leftJoin('store as st', (j) => j.onRef('st.corp_id', '=', 'r.corp_id').onRef('st.id', '=', 'r.store_id'))
    .select([
      'r.id',
      'r.store_id',
      'st.name as store_name',
      'r.staff_id',
      'r.staff_name',
      'r.code',
      'r.award_id',
      'a.act_id',
      'r.redeemed_at',
    ])
    .where('r.corp_id', '=', s.corpId)
    .where('r.id', '>', after);
  if (s.actId) q = q.where('a.act_id', '=', s.actId);
  const rows = await q.orderBy('r.id').limit(size).execute();
  return paged(rows, (r) => r.id, size);
}

export async function coupons(db: Own<'reports'>, s: Scope, after: string, size = PAGE) {
  let q = db
    .selectFrom('award_line as a')
    .leftJoin('app_user as u', (j) => j.onRef('u.corp_id', '=', 'a.corp_id').onRef('u.id', '=', 'a.user_id'))
    .select([
      'a.id',
      'a.act_id',
      'a.prize_name',
      'a.coupon_code',
      'u.mobile',
      'a.status',
      'a.coupon_valid_days',
      'a.created_at',
      'a.used_at',
      'a.used_channel',
    ])
    .where('a.corp_id', '=', s.corpId)
    .where('a.kind', '=', 'coupon')
    .where(afterCursor(after, s.actId !== null));
  if (s.actId) q = q.where('a.act_id', '=', s.actId).orderBy('a.created_at');
  const rows = await q.orderBy('a.id').limit(size).execute();
  return paged(rows, (r) => cursorOf(r, s.actId !== null), size);
}

/** The audit log, oldest first (its seq is the cursor, as text). */
export async function audit(db: Own<'reports'>, s: Scope, after: string, size = PAGE) {
  const from = after === '' ? 0 : Number(after);
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('corp_id', '=', s.corpId)
    .where('seq', '>', from)
    .orderBy('seq')
    .limit(size)
    .execute();
  return paged(rows, (r) => String(r.seq), size);
}

/** How many rows an export will have (for its progress bar), counted once when it starts. */
export async function count(db: Own<'reports'>, kind: ExportKind, s: Scope): Promise<number> {
  const n = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);
  if (kind === 'audit') {
    return n(
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('corp_id', '=', s.corpId)
        .executeTakeFirst(),
    );
  }
  if (kind === 'winners' || kind === 'coupons') {
    let q = db
      .selectFrom('award')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('corp_id', '=', s.corpId);
    if (kind === 'coupons') q = q.where('kind', '=', 'coupon');
    if (s.actId) q = q.where('act_id', '=', s.actId);
    return n(await q.executeTakeFirst());
  }
  if (kind === 'orders') {
    let q = db
      .selectFrom('physical_order as x')
      .innerJoin('award as a', (j) => j.onRef('a.corp_id', '=', 'x.corp_id').onRef('a.id', '=', 'x.award_id'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('x.corp_id', '=', s.corpId);
    if (s.actId) q = q.where('a.act_id', '=', s.actId);
    return n(await q.executeTakeFirst());
  }
  let q = db
    .selectFrom('store_redemption as x')
    .innerJoin('award as a', (j) => j.onRef('a.corp_id', '=', 'x.corp_id').onRef('a.id', '=', 'x.award_id'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('x.corp_id', '=', s.corpId);
  if (s.actId) q = q.where('a.act_id', '=', s.actId);
  return n(await q.executeTakeFirst());
}
