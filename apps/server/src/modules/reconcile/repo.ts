import type { Own } from '../../db/owners';
import type { ReconcileReportTable } from '../../db/schema-reports';

export type ReportRow = ReconcileReportTable;

/** Inserts a report; a daily one that another process already made for the day is left as it is. */
export async function insert(db: Own<'reconcile'>, row: ReportRow): Promise<boolean> {
  const r = await db
    .insertInto('reconcile_report')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function reports(db: Own<'reconcile'>, corpId: string, actId: string, page: number, size: number) {
  const [rows, n] = await Promise.all([
    db
      .selectFrom('reconcile_report')
      .selectAll()
      .where('corp_id', '=', corpId)
      .where('act_id', '=', actId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('reconcile_report')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('corp_id', '=', corpId)
      .where('act_id', '=', actId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

/** The corp's campaigns (published or ended), for the list and the daily run. */
export async function campaigns(db: Own<'reconcile'>, corpId: string | null) {
  let q = db
    .selectFrom('activity')
    .select(['corp_id', 'id', 'title', 'state'])
    .where('state', 'in', ['published', 'paused', 'ended']);
  if (corpId) q = q.where('corp_id', '=', corpId);
  return q.orderBy('corp_id').orderBy('id').execute();
}

export async function latest(db: Own<'reconcile'>, corpId: string) {
  return db
    .selectFrom('reconcile_report as r')
    .select(['r.act_id', 'r.id', 'r.at', 'r.ok'])
    .where('r.corp_id', '=', corpId)
    .where((eb) =>
      eb(
        'r.at',
        '=',
        eb
          .selectFrom('reconcile_report as r2')
          .select((e) => e.fn.max('r2.at').as('m'))
          .whereRef('r2.corp_id', '=', 'r.corp_id')
          .whereRef('r2.act_id', '=', 'r.act_id'),
      ),
    )
    .execute();
}

export async function exists(db: Own<'reconcile'>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('reconcile_report').select('id').where('id', '=', id).executeTakeFirst());
}
