import type { Own } from '../../db/owners';
import type { CampaignListTable } from '../../db/schema';
import type { ListRow } from './uploads';

type Lab = Own<'campaign-lab'>;

export async function insertList(db: Lab, row: CampaignListTable): Promise<void> {
  await db.insertInto('campaign_list').values(row).execute();
}

/**
 * Swaps a staged list in (ADR 0374): it becomes `ready` with its row count, in the caller's transaction. False when
 * it is no longer staged (swept as abandoned meanwhile).
 */
export async function swapIn(db: Lab, corpId: string, id: string, rows: number): Promise<boolean> {
  const r = await db
    .updateTable('campaign_list')
    .set({ rows, state: 'ready' })
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('state', '=', 'staging')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Staged lists of a corp begun before `before` (an upload that died with its process): to be discarded. */
export async function abandonedStaging(db: Lab, corpId: string, before: number): Promise<string[]> {
  const rows = await db
    .selectFrom('campaign_list')
    .select('id')
    .where('corp_id', '=', corpId)
    .where('state', '=', 'staging')
    .where('created_at', '<', before)
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes up to `limit` rows of a staged list; returns how many went (fewer than `limit`: none are left). */
export async function dropStagedEntries(db: Lab, corpId: string, listId: string, limit: number): Promise<number> {
  const staged = (q: Lab) =>
    q
      .selectFrom('campaign_list')
      .select('id')
      .where('corp_id', '=', corpId)
      .where('id', '=', listId)
      .where('state', '=', 'staging');
  const r = await db
    .deleteFrom('campaign_list_entry')
    .where('corp_id', '=', corpId)
    .where('list_id', '=', listId)
    .where('list_id', 'in', staged(db))
    .where('nuid', 'in', (eb) =>
      eb
        .selectFrom('campaign_list_entry')
        .select('nuid')
        .where('corp_id', '=', corpId)
        .where('list_id', '=', listId)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes a staged list's header once its rows are gone (a `ready` list is never deleted here). */
export async function dropStagedList(db: Lab, corpId: string, id: string): Promise<void> {
  await db
    .deleteFrom('campaign_list')
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('state', '=', 'staging')
    .execute();
}

/**
 * Adds a batch of a list's rows; returns the rows whose customer is already on the list (earlier in the
 * file, or twice in this batch), which are not added. One statement: the primary key refuses a repeat
 * (ON CONFLICT DO NOTHING), and what it did add comes back (RETURNING), on SQLite and PostgreSQL alike.
 */
export async function addEntries(db: Lab, corpId: string, listId: string, rows: ListRow[]): Promise<ListRow[]> {
  const inBatch = new Set<string>();
  const fresh: ListRow[] = [];
  const dups: ListRow[] = [];
  for (const r of rows) {
    if (inBatch.has(r.nuid)) dups.push(r);
    else {
      inBatch.add(r.nuid);
      fresh.push(r);
    }
  }
  if (fresh.length) {
    const added = new Set(
      (
        await db
          .insertInto('campaign_list_entry')
          .values(fresh.map((r) => ({ corp_id: corpId, list_id: listId, nuid: r.nuid, mobile: r.mobile })))
          .onConflict((oc) => oc.columns(['corp_id', 'list_id', 'nuid']).doNothing())
          .returning('nuid')
          .execute()
      ).map((r) => r.nuid),
    );
    for (const r of fresh) if (!added.has(r.nuid)) dups.push(r);
  }
  return dups.sort((a, b) => a.line - b.line);
}

/** A list that was swapped in (a staged one is nobody's yet). */
export async function listOf(db: Lab, corpId: string, id: string) {
  return db
    .selectFrom('campaign_list')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('state', '=', 'ready')
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
