import type { Kysely } from 'kysely';

/**
 * Staff identity (docs/decisions/0320-staff-roles.md) and approvals (0321-approvals.md).
 * - staff: the corp's staff list from the campaign file; roles and stores as JSON arrays.
 * - staff_session: a staff member's session, its own table and cookie: a customer session can never be one.
 * - approval_policy: per corp, the prize value (cents) above which an award waits for an approver.
 * - approval_request: one request; decided once (a conditional update from 'pending'); payload: what the
 *   kind's effect needs (JSON, not shown: a proposed rules version).
 * - approval_event: the audit trail of a request (requested, approved, rejected): who, when, comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('stores', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_pk', ['corp_id', 'id'])
    .execute();
  await db.schema
    .createTable('staff_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('approval_policy')
    .addColumn('corp_id', 'text', (c) => c.primaryKey())
    .addColumn('prize_threshold_cents', 'bigint')
    .execute();
  await db.schema
    .createTable('approval_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_by_name', 'text')
    .addColumn('decided_at', 'bigint')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approval_request_list_idx')
    .on('approval_request')
    .columns(['corp_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createTable('approval_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('corp_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approval_event_req_idx')
    .on('approval_event')
    .columns(['corp_id', 'request_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['approval_event', 'approval_request', 'approval_policy', 'staff_session', 'staff']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
