import type { ApprovalDetail, ApprovalKind, ApprovalSummary } from '@campaign/contract';
import type { RequestStaff } from '../../platform/session';
import { type ApprovalsContext, type RequestRow, SYSTEM_REQUESTER } from './context';
import type { ApprovalSubject } from './ports';
import * as repo from './repo';

// A request as the approver sees it (names, not ids; Chinese labels, not keys) and as an effect sees it.

const SYSTEM_NAME = '系统（自动提交）';

/**
 * Keys a requesting module stores for its effect (the redemption exception's award and store), shown to
 * the approver under a Chinese label; `title` is the request's own title, shown above, never as a line.
 */
const TECHNICAL_LABELS: Record<string, string | null> = { title: null, awardId: '奖品单号', storeId: '门店编号' };

/** The approver's label → value lines: never a raw field key on a Chinese screen. */
export function displayContext(context: Record<string, string>): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  for (const [key, value] of Object.entries(context)) {
    const label = key in TECHNICAL_LABELS ? TECHNICAL_LABELS[key] : key;
    if (label) lines.push({ label, value });
  }
  return lines;
}

export function toSubject(r: RequestRow): ApprovalSubject {
  return {
    id: r.id,
    corpId: r.corp_id,
    kind: r.kind as ApprovalKind,
    subject: r.subject,
    requestedBy: r.requested_by,
    context: JSON.parse(r.context) as Record<string, string>,
    payload: r.payload,
  };
}

/** The staff names of the requesters and deciders of `rows` (and `extra`), as a lookup. */
export async function namesFor(
  { staff }: ApprovalsContext,
  corpId: string,
  rows: { requested_by: string; decided_by?: string | null }[],
  extra: string[] = [],
) {
  const ids = new Set(extra);
  for (const r of rows) {
    ids.add(r.requested_by);
    if (r.decided_by) ids.add(r.decided_by);
  }
  ids.delete(SYSTEM_REQUESTER);
  const names = await staff.names(corpId, [...ids]);
  return (id: string) => ({ id, name: id === SYSTEM_REQUESTER ? SYSTEM_NAME : (names.get(id) ?? id) });
}

export function summary(r: RequestRow, who: (id: string) => { id: string; name: string }): ApprovalSummary {
  return {
    id: r.id,
    kind: r.kind as ApprovalKind,
    subject: r.subject,
    title: r.title,
    requestedBy: who(r.requested_by),
    requestedAt: Number(r.created_at),
    status: r.status,
    decidedBy: r.decided_by ? { id: r.decided_by, name: r.decided_by_name ?? r.decided_by } : null,
    decidedAt: r.decided_at == null ? null : Number(r.decided_at),
  };
}

export async function detailOf(ctx: ApprovalsContext, r: RequestRow, staff: RequestStaff): Promise<ApprovalDetail> {
  const evs = await repo.events(ctx.db, r.corp_id, r.id);
  const who = await namesFor(
    ctx,
    r.corp_id,
    [r],
    evs.map((e) => e.actor),
  );
  return {
    ...summary(r, who),
    context: displayContext(JSON.parse(r.context) as Record<string, string>),
    comment: r.comment,
    events: evs.map((e) => ({ action: e.action, by: who(e.actor), at: Number(e.at), comment: e.comment })),
    canDecide: r.status === 'pending' && r.requested_by !== staff.id && staff.roles.includes('approver'),
  };
}
