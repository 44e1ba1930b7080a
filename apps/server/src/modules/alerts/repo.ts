import type { Own } from '../../db/owners';
import type { AlertTable } from '../../db/schema-reports';

export type AlertRow = AlertTable;

/** Inserts an alert unless one with its key exists (raised once); true when it was new. */
export async function insertOnce(db: Own<'alerts'>, row: AlertRow): Promise<boolean> {
  const r = await db
    .insertInto('alert')
    .values(row)
    .onConflict((oc) => oc.columns(['corp_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function list(db: Own<'alerts'>, corpId: string, page: number, size: number) {
  const [rows, n] = await Promise.all([
    db
      .selectFrom('alert')
      .selectAll()
      .where('corp_id', '=', corpId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('alert')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('corp_id', '=', corpId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n.n) };
}

export async function webhook(db: Own<'alerts'>, corpId: string) {
  return db.selectFrom('alert_webhook').selectAll().where('corp_id', '=', corpId).executeTakeFirst();
}

export async function setWebhook(
  db: Own<'alerts'>,
  row: { corp_id: string; url: string; secret_sealed: string; updated_at: number; updated_by: string },
): Promise<void> {
  const { corp_id: _c, ...set } = row;
  await db
    .insertInto('alert_webhook')
    .values(row)
    .onConflict((oc) => oc.column('corp_id').doUpdateSet(set))
    .execute();
}

/** Alerts waiting for delivery whose time has come, oldest first. */
export async function due(db: Own<'alerts'>, now: number, limit: number) {
  return db
    .selectFrom('alert')
    .selectAll()
    .where('delivery', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Takes an alert for one attempt: moves its next attempt out by `leaseMs` only if nobody else did first, so
 * two processes never post the same alert at once. True when this caller has it.
 */
export async function claim(db: Own<'alerts'>, id: string, seen: number, until: number): Promise<boolean> {
  const r = await db
    .updateTable('alert')
    .set({ next_attempt_at: until })
    .where('id', '=', id)
    .where('delivery', '=', 'pending')
    .where('next_attempt_at', '=', seen)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function settle(db: Own<'alerts'>, id: string, set: Partial<AlertRow>): Promise<void> {
  await db.updateTable('alert').set(set).where('id', '=', id).execute();
}
