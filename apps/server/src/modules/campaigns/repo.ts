import type { CampaignSort, CampaignState, ListOrder } from '@campaign/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Own } from '../../db/owners';
import type { CampaignReviewTable, CampaignTable } from '../../db/schema';

export type CampaignRowDb = Selectable<CampaignTable>;
export type ReviewRowDb = Selectable<CampaignReviewTable>;

export async function getCampaign(db: Own<'campaigns'>, corpId: string, id: string) {
  return db.selectFrom('campaign').selectAll().where('corp_id', '=', corpId).where('id', '=', id).executeTakeFirst();
}

export async function insertCampaign(db: Own<'campaigns'>, row: Insertable<CampaignTable>) {
  await db.insertInto('campaign').values(row).execute();
}

/**
 * Changes a campaign only if it is still as the caller read it (same rev and round): the first statement of
 * every change, so on PostgreSQL it also holds the row until the transaction ends. false: someone else was first.
 */
export async function updateIf(
  db: Own<'campaigns'>,
  corpId: string,
  id: string,
  expect: { rev: number; round: number },
  set: Updateable<CampaignTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('campaign')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('draft_rev', '=', expect.rev)
    .where('round', '=', expect.round)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A review's first statement: takes the campaign's row only while the rev and round the approver read are
 * still the submission waiting for review (state, or revision of a published campaign, 'submitted'). The last
 * approval publishes and so clears that state in its transaction; PostgreSQL re-checks this condition on the
 * row once the publisher commits, so a review queued behind the publication finds nothing left to decide
 * (a check of rev and round alone passed it, and it published a second time). SQLite's writers are serial.
 */
export async function holdForReview(
  db: Own<'campaigns'>,
  corpId: string,
  id: string,
  expect: { rev: number; round: number; revision: boolean },
): Promise<boolean> {
  const r = await db
    .updateTable('campaign')
    .set((eb) => ({ draft_rev: eb.ref('draft_rev') }))
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('draft_rev', '=', expect.rev)
    .where('round', '=', expect.round)
    .where(expect.revision ? 'revision_state' : 'state', '=', 'submitted')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface ListFilter {
  state?: CampaignState | undefined;
  kind?: string | undefined;
  q?: string | undefined;
  sort?: CampaignSort | undefined;
  order?: ListOrder | undefined;
}

/** The contract's sort names and the columns they sort by: the only columns a client can order the list by. */
const SORT_COLUMNS = {
  updatedAt: 'updated_at',
  title: 'title',
  kind: 'kind',
  state: 'state',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
} as const satisfies Record<CampaignSort, (typeof LIST_COLUMNS)[number]>;

/**
 * The list's filter. By the stored state, so every filter walks an index: the clock (running.tick, every 5 s
 * on every node) writes scheduled → live and → ended down, so a row may sit under its previous state for
 * those seconds; the row itself always shows the state derived from the clock (shared.stateNow).
 */
function whereState(db: Own<'campaigns'>, corpId: string, f: ListFilter) {
  let q = db.selectFrom('campaign').where('corp_id', '=', corpId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.q) {
    // Wildcards typed by the user are dropped: SQLite's LIKE has no escape character unless told.
    const like = `%${f.q.replace(/[\\%_]/g, '')}%`;
    q = q.where((eb) => eb.or([eb('id', '=', f.q ?? ''), eb('title', 'like', like)]));
  }
  return f.state ? q.where('state', '=', f.state) : q.where('state', '!=', 'archived');
}

const LIST_COLUMNS = [
  'id',
  'kind',
  'title',
  'state',
  'revision_state',
  'starts_at',
  'ends_at',
  'version',
  'updated_at',
  'updated_by',
] as const;

/**
 * The list's order: the chosen column (rows without dates last on both databases), then the newest change,
 * then the id, so a page boundary never moves between two reads.
 */
function listed(db: Own<'campaigns'>, corpId: string, f: ListFilter) {
  const q = whereState(db, corpId, f).select(LIST_COLUMNS);
  const dir = f.order === 'ascend' ? 'asc' : 'desc';
  const byColumn =
    f.sort && f.sort !== 'updatedAt'
      ? q.orderBy(SORT_COLUMNS[f.sort], (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      : q;
  return byColumn.orderBy('updated_at', f.sort === 'updatedAt' ? dir : 'desc').orderBy('id', 'desc');
}

/** Every listed campaign in the list's order, a batch at a time (the CSV export). */
export async function listBatch(db: Own<'campaigns'>, corpId: string, f: ListFilter, offset: number, limit: number) {
  return listed(db, corpId, f).offset(offset).limit(limit).execute();
}

export async function listCampaigns(
  db: Own<'campaigns'>,
  corpId: string,
  f: ListFilter,
  page: { offset: number; limit: number },
) {
  const [rows, total] = await Promise.all([
    listed(db, corpId, f).offset(page.offset).limit(page.limit).execute(),
    whereState(db, corpId, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Campaigns of the corp on this slot whose window overlaps [startsAt, endsAt) and that are or will be live. */
export async function slotHolders(
  db: Own<'campaigns'>,
  corpId: string,
  slot: string,
  window: { startsAt: number; endsAt: number },
  exceptId: string,
  now: number,
) {
  return db
    .selectFrom('campaign')
    .select(['id', 'title', 'starts_at', 'ends_at'])
    .where('corp_id', '=', corpId)
    .where('slot', '=', slot)
    .where('id', '!=', exceptId)
    .where('state', 'in', ['approved', 'scheduled', 'live', 'paused'])
    .where('ends_at', '>', Math.max(now, window.startsAt))
    .where('starts_at', '<', window.endsAt)
    .limit(3)
    .execute();
}

/** Every campaign of the corp that holds an entry slot now or later (approved to paused, not yet ended). */
export async function slotBookings(db: Own<'campaigns'>, corpId: string, now: number) {
  return db
    .selectFrom('campaign')
    .select(['id', 'title', 'state', 'slot', 'starts_at', 'ends_at'])
    .where('corp_id', '=', corpId)
    .where('slot', 'is not', null)
    .where('state', 'in', ['approved', 'scheduled', 'live', 'paused'])
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .limit(500)
    .execute();
}

/** Submissions waiting for an approver (the caller drops their own and those they decided). */
export async function waiting(db: Own<'campaigns'>, corpId: string) {
  return db
    .selectFrom('campaign')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where((eb) => eb.or([eb('state', '=', 'submitted'), eb('revision_state', '=', 'submitted')]))
    .orderBy('submitted_at', 'asc')
    .limit(200)
    .execute();
}

export async function reviews(db: Own<'campaigns'>, corpId: string, campaignId: string) {
  return db
    .selectFrom('campaign_review')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('campaign_id', '=', campaignId)
    .orderBy('seq', 'asc')
    .execute();
}

export async function reviewsOfRounds(db: Own<'campaigns'>, corpId: string, keys: { id: string; round: number }[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('campaign_review')
    .select(['campaign_id', 'round', 'reviewer', 'decision'])
    .where('corp_id', '=', corpId)
    .where(
      'campaign_id',
      'in',
      keys.map((k) => k.id),
    )
    .execute();
}

export async function insertReview(db: Own<'campaigns'>, row: Omit<CampaignReviewTable, 'seq'>): Promise<void> {
  const last = await db
    .selectFrom('campaign_review')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('corp_id', '=', row.corp_id)
    .where('campaign_id', '=', row.campaign_id)
    .executeTakeFirst();
  await db
    .insertInto('campaign_review')
    .values({ ...row, seq: Number(last?.seq ?? 0) + 1 })
    .execute();
}

/** Campaigns whose clock has moved them (scheduled → live at starts_at; running → ended at ends_at). */
export async function due(db: Own<'campaigns'>, now: number, limit: number) {
  const ending = await db
    .selectFrom('campaign')
    .select(['corp_id', 'id', 'state', 'kind', 'draft_rev', 'round'])
    .where('state', 'in', ['scheduled', 'live', 'paused'])
    .where('ends_at', '<=', now)
    .limit(limit)
    .execute();
  const starting = await db
    .selectFrom('campaign')
    .select(['corp_id', 'id', 'state', 'kind', 'draft_rev', 'round'])
    .where('state', '=', 'scheduled')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .limit(limit)
    .execute();
  return { ending, starting };
}

/** Moves a campaign between states only from one it is still in (pause, resume, archive, the clock). */
export async function setStateIf(
  db: Own<'campaigns'>,
  corpId: string,
  id: string,
  from: readonly string[],
  set: Updateable<CampaignTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('campaign')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The titles of the corp's campaigns among these ids (the audit log names its subjects). */
export async function titles(db: Own<'campaigns'>, corpId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('campaign')
    .select(['id', 'title'])
    .where('corp_id', '=', corpId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
