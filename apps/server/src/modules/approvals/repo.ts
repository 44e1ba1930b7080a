import type { Own } from '../../db/owners';
import { preparedFor } from '../../db/prepared';
import type { ApprovalEventTable, ApprovalRequestTable } from '../../db/schema';
import { changes, rows, type Step, type TxExec } from '../../db/tx';

const prepared = preparedFor('approvals');

/** A corp's prize threshold (cents); null: no prize waits for approval. */
export async function setPolicy(db: Own<'approvals'>, corpId: string, prizeThresholdCents: number | null) {
  await db
    .insertInto('approval_policy')
    .values({ corp_id: corpId, prize_threshold_cents: prizeThresholdCents })
    .onConflict((oc) => oc.column('corp_id').doUpdateSet({ prize_threshold_cents: prizeThresholdCents }))
    .execute();
}

const thresholdQ = prepared<{ corp: string }, { prize_threshold_cents: number | null }>((db, p) =>
  db.selectFrom('approval_policy').select('prize_threshold_cents').where('corp_id', '=', p('corp')),
);

/** The corp's prize threshold inside the caller's transaction (the draw's); null: nothing waits. */
export function* prizeThreshold(x: TxExec, corpId: string): Step<number | null> {
  const [row] = yield* rows(x, thresholdQ, { corp: corpId });
  return row?.prize_threshold_cents == null ? null : Number(row.prize_threshold_cents);
}

type RequestInsert = Omit<ApprovalRequestTable, 'status' | 'decided_by' | 'decided_by_name' | 'decided_at' | 'comment'>;
const insertRequestQ = prepared<RequestInsert, never>((db, p) =>
  db.insertInto('approval_request').values({
    id: p('id'),
    corp_id: p('corp_id'),
    kind: p('kind'),
    subject: p('subject'),
    title: p('title'),
    requested_by: p('requested_by'),
    context: p('context'),
    payload: p('payload'),
    status: 'pending',
    created_at: p('created_at'),
  }),
);
type EventInsert = Omit<ApprovalEventTable, 'comment'> & { comment: string | null };
const insertEventQ = prepared<EventInsert, never>((db, p) =>
  db.insertInto('approval_event').values({
    id: p('id'),
    corp_id: p('corp_id'),
    request_id: p('request_id'),
    action: p('action'),
    actor: p('actor'),
    comment: p('comment'),
    at: p('at'),
  }),
);

/** A new pending request and its "requested" audit line, as steps of the caller's transaction. */
export function* insertRequest(x: TxExec, r: RequestInsert, eventId: string): Step<void> {
  yield* changes(x, insertRequestQ, r);
  yield* insertEvent(x, {
    id: eventId,
    corp_id: r.corp_id,
    request_id: r.id,
    action: 'requested',
    actor: r.requested_by,
    comment: null,
    at: r.created_at,
  });
}

/** An audit line, a step of the caller's transaction (a request's, a decision's). */
export function* insertEvent(x: TxExec, e: EventInsert): Step<void> {
  yield* changes(x, insertEventQ, e);
}

export async function getRequest(db: Own<'approvals'>, corpId: string, id: string) {
  return db
    .selectFrom('approval_request')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function pendingRequests(db: Own<'approvals'>, corpId: string) {
  return db
    .selectFrom('approval_request')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function decidedRequests(db: Own<'approvals'>, corpId: string, limit: number) {
  return db
    .selectFrom('approval_request')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('status', '!=', 'pending')
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function events(db: Own<'approvals'>, corpId: string, requestId: string) {
  return db
    .selectFrom('approval_event')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('request_id', '=', requestId)
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Records the decision only if the request is still pending: of two approvers at once, one update
 * changes the row (PostgreSQL re-checks the condition after the row lock; SQLite's writers are serial).
 */
export async function decide(
  db: Own<'approvals'>,
  d: {
    corpId: string;
    id: string;
    status: 'approved' | 'rejected';
    by: string;
    byName: string;
    at: number;
    comment: string | null;
  },
): Promise<boolean> {
  const r = await db
    .updateTable('approval_request')
    .set({ status: d.status, decided_by: d.by, decided_by_name: d.byName, decided_at: d.at, comment: d.comment })
    .where('corp_id', '=', d.corpId)
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * PostgreSQL: holds every pending request on one subject, in id order, before a decision on one of them, so
 * two deciders of the same subject queue in one order and never hold one row each while waiting for the
 * other's (the approval of one closes the rest). SQLite's writers are serial and need no such thing.
 */
export async function holdPendingOfSubject(db: Own<'approvals'>, corpId: string, kind: string, subject: string) {
  await db
    .selectFrom('approval_request')
    .select('id')
    .where('corp_id', '=', corpId)
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('status', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Closes the other pending requests on a subject with a reason; returns the ids it closed. */
export async function closeOthersOfSubject(
  db: Own<'approvals'>,
  d: {
    corpId: string;
    kind: string;
    subject: string;
    exceptId: string;
    by: string;
    byName: string;
    at: number;
    comment: string;
  },
): Promise<string[]> {
  const open = await db
    .selectFrom('approval_request')
    .select('id')
    .where('corp_id', '=', d.corpId)
    .where('kind', '=', d.kind)
    .where('subject', '=', d.subject)
    .where('status', '=', 'pending')
    .where('id', '!=', d.exceptId)
    .execute();
  const ids = open.map((r) => r.id);
  if (ids.length === 0) return [];
  await db
    .updateTable('approval_request')
    .set({ status: 'closed', decided_by: d.by, decided_by_name: d.byName, decided_at: d.at, comment: d.comment })
    .where('corp_id', '=', d.corpId)
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
  return ids;
}
