import type { ExpressionBuilder } from 'kysely';
import type { Own, TablesOf } from '../../db/owners';
import type { ExportJobTable } from '../../db/schema-reports';

export type JobRow = ExportJobTable;

export async function insertJob(db: Own<'reports'>, row: JobRow): Promise<void> {
  await db.insertInto('export_job').values(row).execute();
}

export async function job(db: Own<'reports'>, corpId: string, id: string) {
  return db.selectFrom('export_job').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();
}

/** What a caller may see of the corp's exports: these kinds, and unmasked ones only when they are theirs. */
export interface Visible {
  kinds: readonly JobRow['kind'][];
  /** The caller's staff id when they may see their own unmasked exports; null: no unmasked one at all. */
  unmaskedOf: string | null;
}

export async function jobs(db: Own<'reports'>, corpId: string, v: Visible, page: number, size: number) {
  if (v.kinds.length === 0) return { rows: [], total: 0 };
  const visible = (eb: ExpressionBuilder<TablesOf<'reports'>, 'export_job'>) =>
    eb.and([
      eb('corp_id', '=', corpId),
      eb('kind', 'in', v.kinds),
      v.unmaskedOf === null
        ? eb('unmasked', '=', 0)
        : eb.or([eb('unmasked', '=', 0), eb('created_by', '=', v.unmaskedOf)]),
    ]);
  const [rows, n] = await Promise.all([
    db
      .selectFrom('export_job')
      .selectAll()
      .where(visible)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('export_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(visible)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

export async function progress(db: Own<'reports'>, id: string, set: Partial<JobRow>): Promise<void> {
  await db.updateTable('export_job').set(set).where('id', '=', id).execute();
}

/**
 * Finished files past their time: `expires_at`, and for an unmasked one at most `unmaskedKeepMs` after it was
 * ready (a job finished before that window was kept 24 h like the others).
 */
export async function expired(db: Own<'reports'>, now: number, unmaskedKeepMs: number) {
  return db
    .selectFrom('export_job')
    .select(['id', 'file'])
    .where('state', '=', 'done')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb.and([eb('unmasked', '=', 1), eb('finished_at', '<=', now - unmaskedKeepMs)]),
      ]),
    )
    .limit(500)
    .execute();
}

export async function abandon(db: Own<'reports'>, startedBefore: number, now: number): Promise<void> {
  await db
    .updateTable('export_job')
    .set({ state: 'failed', error: 'interrupted', finished_at: now })
    .where('state', '=', 'running')
    .where('created_at', '<', startedBefore)
    .execute();
}
