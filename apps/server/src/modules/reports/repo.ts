import type { Own } from '../../db/owners';
import type { ExportJobTable } from '../../db/schema-reports';

export type JobRow = ExportJobTable;

export async function insertJob(db: Own<'reports'>, row: JobRow): Promise<void> {
  await db.insertInto('export_job').values(row).execute();
}

export async function job(db: Own<'reports'>, corpId: string, id: string) {
  return db.selectFrom('export_job').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();
}

export async function jobs(db: Own<'reports'>, corpId: string, page: number, size: number) {
  const [rows, n] = await Promise.all([
    db
      .selectFrom('export_job')
      .selectAll()
      .where('corp_id', '=', corpId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('export_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('corp_id', '=', corpId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

export async function progress(db: Own<'reports'>, id: string, set: Partial<JobRow>): Promise<void> {
  await db.updateTable('export_job').set(set).where('id', '=', id).execute();
}

/** Finished files past their time, and jobs left running by a process that stopped. */
export async function expired(db: Own<'reports'>, now: number) {
  return db
    .selectFrom('export_job')
    .select(['id', 'file'])
    .where('state', '=', 'done')
    .where('expires_at', '<=', now)
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
