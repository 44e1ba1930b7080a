import type { Kysely } from 'kysely';

/**
 * Growth (issue 10, offers and invites): one claim per customer and offer, the invite setup of an
 * activity, counted invites (one inviter per invitee) and the per-inviter tallies the caps are kept in.
 * The keys are what make the rules hold under concurrent requests on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offer_claim')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The draw_id of the award it gave (`offer:<corp>:<act>:<user>`), unique like every award's.
    .addColumn('award_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Claimed once per customer: a second claim, however concurrent, finds this row.
    .addPrimaryKeyConstraint('offer_claim_pk', ['corp_id', 'act_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('invite_setup')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('per_day', 'integer', (c) => c.notNull())
    .addColumn('per_season', 'integer', (c) => c.notNull())
    .addColumn('link_ttl_hours', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invite_setup_pk', ['corp_id', 'act_id'])
    .execute();
  await db.schema
    .createTable('invite')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('invitee_id', 'text', (c) => c.notNull())
    .addColumn('inviter_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One inviter per invitee: the same invitee arriving twice at once is counted once.
    .addPrimaryKeyConstraint('invite_pk', ['corp_id', 'act_id', 'invitee_id'])
    .execute();
  await db.schema
    .createIndex('invite_inviter_idx')
    .on('invite')
    .columns(['corp_id', 'act_id', 'inviter_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('invite_tally')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('act_id', 'text', (c) => c.notNull())
    .addColumn('inviter_id', 'text', (c) => c.notNull())
    // A campaign day (YYYY-MM-DD) or 'season'.
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invite_tally_pk', ['corp_id', 'act_id', 'inviter_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['invite_tally', 'invite', 'invite_setup', 'offer_claim']) await db.schema.dropTable(t).execute();
}
