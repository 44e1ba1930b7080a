import type { AuditFilter } from '@campaign/contract';
import { sql } from 'kysely';
import type { Own } from '../../db/owners';
import type { AuditLogTable } from '../../db/schema';

export type AuditRow = AuditLogTable;

/**
 * Appends are serialised per corp: on PostgreSQL by a transaction-scoped advisory lock on the corp (two
 * corps never wait for each other), on SQLite by its single writer (BEGIN IMMEDIATE, db/index.ts).
 */
export async function lockChain(tx: Own<'audit'>, dialect: 'sqlite' | 'postgres', corpId: string): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtextextended(${`audit:${corpId}`}, 0))`.execute(tx);
}

export async function head(db: Own<'audit'>, corpId: string) {
  const r = await db.selectFrom('audit_head').select(['seq', 'hash']).where('corp_id', '=', corpId).executeTakeFirst();
  return r ? { seq: Number(r.seq), hash: r.hash } : null;
}

export async function insert(tx: Own<'audit'>, row: AuditRow): Promise<void> {
  await tx.insertInto('audit_log').values(row).execute();
  await tx
    .insertInto('audit_head')
    .values({ corp_id: row.corp_id, seq: row.seq, hash: row.hash })
    .onConflict((oc) => oc.column('corp_id').doUpdateSet({ seq: row.seq, hash: row.hash }))
    .execute();
}

function filtered(db: Own<'audit'>, corpId: string, f: AuditFilter) {
  let q = db.selectFrom('audit_log').where('corp_id', '=', corpId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.actor) q = q.where('actor_id', '=', f.actor);
  if (f.subject) q = q.where('subject', '=', f.subject);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  return q;
}

/** One page, newest first, and the total the filter matches. */
export async function page(db: Own<'audit'>, corpId: string, f: AuditFilter, pageNo: number, size: number) {
  const [rows, count] = await Promise.all([
    filtered(db, corpId, f)
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(size)
      .offset((pageNo - 1) * size)
      .execute(),
    filtered(db, corpId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One subject's entries, newest first, `limit` of them, leaving out the actions in `exclude`. */
export async function trail(db: Own<'audit'>, corpId: string, subject: string, exclude: string[], limit: number) {
  let q = db.selectFrom('audit_log').selectAll().where('corp_id', '=', corpId).where('subject', '=', subject);
  if (exclude.length) q = q.where('action', 'not in', exclude);
  return q.orderBy('seq', 'desc').limit(limit).execute();
}

/** One subject's entries of some actions, newest first, a page at a time, and how many there are. */
export async function subjectPage(
  db: Own<'audit'>,
  corpId: string,
  subject: string,
  actions: readonly string[],
  page: { offset: number; limit: number },
) {
  const base = db
    .selectFrom('audit_log')
    .where('corp_id', '=', corpId)
    .where('subject', '=', subject)
    .where('action', 'in', [...actions]);
  const [rows, count] = await Promise.all([
    base.select(['at', 'ip', 'action', 'after']).orderBy('seq', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The actions a corp's log holds, for the filter. */
export async function actions(db: Own<'audit'>, corpId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('action')
    .distinct()
    .where('corp_id', '=', corpId)
    .orderBy('action')
    .execute();
  return rows.map((r) => r.action);
}

/** Entries after `afterSeq` in seq order, `limit` at a time (verify and export read the log in batches). */
export async function batch(
  db: Own<'audit'>,
  corpId: string,
  afterSeq: number,
  limit: number,
  f: AuditFilter = {},
): Promise<AuditRow[]> {
  return filtered(db, corpId, f).selectAll().where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
}

/** Every corp's head (one small table: the scheduled publication reads it whole). */
export async function heads(db: Own<'audit'>) {
  const rows = await db.selectFrom('audit_head').select(['corp_id', 'seq', 'hash']).orderBy('corp_id').execute();
  return rows.map((r) => ({ corpId: r.corp_id, seq: Number(r.seq), hash: r.hash }));
}

/** The corps that have a chain (the CLI verifies them all). */
export async function corpsWithChains(db: Own<'audit'>): Promise<string[]> {
  const [logs, heads] = await Promise.all([
    db.selectFrom('audit_log').select('corp_id').distinct().execute(),
    db.selectFrom('audit_head').select('corp_id').execute(),
  ]);
  return [...new Set([...logs, ...heads].map((r) => r.corp_id))].sort();
}
