import type { NotificationKind } from '@campaign/contract';
import type { Own } from '../../db/owners';
import type { NotificationTable } from '../../db/schema-notifications';
import type { Mine } from './context';

export type NotificationRow = NotificationTable;

/** Inserts the rows; one already made for its recipient, kind and key is left as it is. Answers how many were new. */
export async function insertOnce(db: Own<'notifications'>, rows: NotificationRow[]): Promise<number> {
  if (!rows.length) return 0;
  const r = await db
    .insertInto('notification')
    .values(rows)
    .onConflict((oc) => oc.columns(['corp_id', 'staff_id', 'kind', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

/** One person's newest notifications (the index on corp, staff and time). */
export async function newest(db: Own<'notifications'>, me: Mine, limit: number) {
  return db
    .selectFrom('notification')
    .selectAll()
    .where('corp_id', '=', me.corpId)
    .where('staff_id', '=', me.staffId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unread(db: Own<'notifications'>, me: Mine): Promise<number> {
  const r = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corp_id', '=', me.corpId)
    .where('staff_id', '=', me.staffId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Whether the notification is this person's (in their corp). */
export async function exists(db: Own<'notifications'>, me: Mine, id: string): Promise<boolean> {
  const r = await db
    .selectFrom('notification')
    .select('id')
    .where('corp_id', '=', me.corpId)
    .where('staff_id', '=', me.staffId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r !== undefined;
}

/** Marks read what is unread among `id` (or all of it): read once, the first time kept. Answers how many. */
export async function markRead(db: Own<'notifications'>, me: Mine, at: number, id?: string): Promise<number> {
  let q = db
    .updateTable('notification')
    .set({ read_at: at })
    .where('corp_id', '=', me.corpId)
    .where('staff_id', '=', me.staffId)
    .where('read_at', 'is', null);
  if (id !== undefined) q = q.where('id', '=', id);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Marks read, for everyone or for one person, the unread notifications of a kind about a subject. */
export async function settle(
  db: Own<'notifications'>,
  s: { corpId: string; kind: NotificationKind; subject: string; at: number; staffId?: string | undefined },
): Promise<void> {
  let q = db
    .updateTable('notification')
    .set({ read_at: s.at })
    .where('corp_id', '=', s.corpId)
    .where('subject', '=', s.subject)
    .where('kind', '=', s.kind)
    .where('read_at', 'is', null);
  if (s.staffId !== undefined) q = q.where('staff_id', '=', s.staffId);
  await q.execute();
}
