import type { Own } from '../../db/owners';
import type { CampaignListTable } from '../../db/schema';
import type { ListRow } from './uploads';

type Lab = Own<'campaign-lab'>;

export async function insertList(db: Lab, row: CampaignListTable): Promise<void> {
  await db.insertInto('campaign_list').values(row).execute();
}

export async function setListRows(db: Lab, corpId: string, id: string, rows: number): Promise<void> {
  await db.updateTable('campaign_list').set({ rows }).where('corp_id', '=', corpId).where('id', '=', id).execute();
}

/**
 * Adds a batch of a list's rows; returns the rows whose customer is already on the list (earlier in the
 * file, or twice in this batch), which are not added.
 */
export async function addEntries(db: Lab, corpId: string, listId: string, rows: ListRow[]): Promise<ListRow[]> {
  const seen = new Set(
    (
      await db
        .selectFrom('campaign_list_entry')
        .select('nuid')
        .where('corp_id', '=', corpId)
        .where('list_id', '=', listId)
        .where(
          'nuid',
          'in',
          rows.map((r) => r.nuid),
        )
        .execute()
    ).map((r) => r.nuid),
  );
  const fresh: ListRow[] = [];
  const dups: ListRow[] = [];
  for (const r of rows) {
    if (seen.has(r.nuid)) dups.push(r);
    else {
      seen.add(r.nuid);
      fresh.push(r);
    }
  }
  if (fresh.length) {
    await db
      .insertInto('campaign_list_entry')
      .values(fresh.map((r) => ({ corp_id: corpId, list_id: listId, nuid: r.nuid, mobile: r.mobile })))
      .execute();
  }
  return dups;
}

export async function listOf(db: Lab, corpId: string, id: string) {
  return db
    .selectFrom('campaign_list')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a customer is on a list, by customer number or by mobile (both indexed). */
export async function onList(
  db: Lab,
  corpId: string,
  listId: string,
  who: { nuid: string; mobile: string | null },
): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_list_entry')
    .select('nuid')
    .where('corp_id', '=', corpId)
    .where('list_id', '=', listId)
    .where((eb) =>
      who.mobile ? eb.or([eb('nuid', '=', who.nuid), eb('mobile', '=', who.mobile)]) : eb('nuid', '=', who.nuid),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countEntries(db: Lab, corpId: string, listId: string): Promise<number> {
  const r = await db
    .selectFrom('campaign_list_entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corp_id', '=', corpId)
    .where('list_id', '=', listId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
