import type { Kysely } from 'kysely';

/**
 * Console campaigns (module campaigns, issue 23; docs/decisions/0340-console-campaigns.md):
 * - campaign: one per (corp, id); the id becomes the activity id. `draft` is the working draft (JSON, +1
 *   `draft_rev` per save), `live` the last published draft; `state` and, for a live campaign, its pending
 *   `revision_state`; `editors` who changed it since the last publication (none of them may approve);
 *   `round` numbers submissions (a review counts toward the round it was given in); the window, slot and
 *   budget are copied out of the draft for the list, the slot check and the scheduler.
 * - campaign_review: every decision of an approver, with the rev and round it decided.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('revision_state', 'text')
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('draft_rev', 'integer', (c) => c.notNull())
    .addColumn('live', 'text')
    .addColumn('version', 'integer')
    .addColumn('maker', 'text', (c) => c.notNull())
    .addColumn('editors', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approvals_needed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('submitted_at', 'bigint')
    .addColumn('submitted_by', 'text')
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('slot', 'text')
    .addColumn('budget_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_pk', ['corp_id', 'id'])
    .execute();
  // The list: newest change first, all or by state / kind (server paging walks these).
  await db.schema.createIndex('campaign_updated_idx').on('campaign').columns(['corp_id', 'updated_at', 'id']).execute();
  await db.schema
    .createIndex('campaign_state_idx')
    .on('campaign')
    .columns(['corp_id', 'state', 'updated_at', 'id'])
    .execute();
  await db.schema
    .createIndex('campaign_kind_idx')
    .on('campaign')
    .columns(['corp_id', 'kind', 'updated_at', 'id'])
    .execute();
  // Text search (title contains): scanned in the index, never in the rows with their drafts.
  await db.schema
    .createIndex('campaign_title_idx')
    .on('campaign')
    .columns(['corp_id', 'title', 'updated_at', 'id'])
    .execute();
  // The scheduler (→ live at starts_at, → ended at ends_at) and the slot check.
  await db.schema.createIndex('campaign_clock_idx').on('campaign').columns(['state', 'ends_at']).execute();
  await db.schema.createIndex('campaign_slot_idx').on('campaign').columns(['corp_id', 'slot', 'ends_at']).execute();

  await db.schema
    .createTable('campaign_review')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('rev', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('reviewer', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_review_pk', ['corp_id', 'campaign_id', 'seq'])
    .execute();
  // One decision per approver and round.
  await db.schema
    .createIndex('campaign_review_once_idx')
    .on('campaign_review')
    .columns(['corp_id', 'campaign_id', 'round', 'reviewer'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_review').ifExists().execute();
  await db.schema.dropTable('campaign').ifExists().execute();
}
