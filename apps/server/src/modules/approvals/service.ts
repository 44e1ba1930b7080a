import { type ApprovalDetail, type ApprovalKind, type ApprovalSummary, yuan } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { type Step, stepsIn, type TxExec, transact } from '../../db/tx';
import type { HoldRequest } from '../../platform/award-ports';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestStaff } from '../../platform/session';
import type { ApprovalEffects, ApprovalSubject, StaffDirectoryPort } from './ports';
import * as repo from './repo';

type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.getRequest>>>;

/** Requests made by the service itself (a drawn prize or an offer's gift held) carry this requester. */
export const SYSTEM_REQUESTER = 'system';
const SYSTEM_NAME = '系统（自动提交）';
const DONE_SHOWN = 50;

export interface NewRequest {
  corpId: string;
  kind: ApprovalKind;
  subject: string;
  /** One line the to-do list shows. */
  title: string;
  /** A staff id, or SYSTEM_REQUESTER. */
  requestedBy: string;
  /** Label → value lines shown to the approver. */
  context: Record<string, string>;
  /** What the kind's effect needs (JSON), not shown: a proposed rules version. */
  payload?: string | null;
  now: number;
}

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

function toSubject(r: RequestRow): ApprovalSubject {
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

/**
 * Approvals (docs/decisions/0321-approvals.md): requests of any kind, the approver's to-do list, and one
 * decision per request with the kind's effect in the same transaction.
 */
export function createApprovalsService(
  deps: ServiceDeps<'approvals'> & { staff: StaffDirectoryPort; effects: () => ApprovalEffects },
) {
  const db = deps.database.db;
  const { clock } = deps;

  async function namesFor(
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
    const names = await deps.staff.names(corpId, [...ids]);
    return (id: string) => ({ id, name: id === SYSTEM_REQUESTER ? SYSTEM_NAME : (names.get(id) ?? id) });
  }

  function summary(r: RequestRow, who: (id: string) => { id: string; name: string }): ApprovalSummary {
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

  async function detailOf(r: RequestRow, staff: RequestStaff): Promise<ApprovalDetail> {
    const evs = await repo.events(db, r.corp_id, r.id);
    const who = await namesFor(
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

  async function load(corpId: string, id: string): Promise<RequestRow> {
    const r = await repo.getRequest(db, corpId, id);
    if (!r) throw new AppError('APPROVAL_NOT_FOUND');
    return r;
  }

  /** A new pending request as a step of the caller's transaction (the draw holding a prize). */
  function* requestStep(x: TxExec, r: NewRequest): Step<string> {
    const id = newSortableId();
    yield* repo.insertRequest(
      x,
      {
        id,
        corp_id: r.corpId,
        kind: r.kind,
        subject: r.subject,
        title: r.title,
        requested_by: r.requestedBy,
        context: JSON.stringify(r.context),
        payload: r.payload ?? null,
        created_at: r.now,
      },
      newSortableId(),
    );
    return id;
  }

  return {
    /**
     * Inside the draw transaction: a prize worth more than the corp's threshold is held, and a request of
     * kind 'prize-award' (subject: the award id) is made in the same transaction; true when held.
     */
    *holdPrize(x: TxExec, a: HoldRequest): Step<boolean> {
      // Thresholds are never negative (the campaign file's schema): a prize worth nothing is never held,
      // and the draws of points and thank-you prizes do not read the policy.
      if (a.valueCents <= 0) return false;
      const threshold = yield* repo.prizeThreshold(x, a.corpId);
      if (threshold === null || a.valueCents <= threshold) return false;
      yield* requestStep(x, {
        corpId: a.corpId,
        kind: 'prize-award',
        subject: a.awardId,
        title: `${a.prizeName} ${yuan(a.valueCents)}`,
        requestedBy: SYSTEM_REQUESTER,
        context: {
          奖品: `${a.prizeName}（${a.prizeId}）`,
          奖品价值: yuan(a.valueCents),
          审批阈值: yuan(threshold),
          活动: a.shown?.activityTitle ?? a.actId,
          ...(a.shown?.activityTitle ? { 活动编号: a.actId } : {}),
          ...(a.shown?.customer ? { 客户: a.shown.customer } : {}),
          客户编号: a.userId,
          奖品单号: a.awardId,
        },
        now: a.now,
      });
      return true;
    },

    /** A new pending request in its own transaction (a clerk's redemption exception, an operator's proposal). */
    async request(r: Omit<NewRequest, 'now'>): Promise<string> {
      const now = clock();
      return transact(deps.database, (x) => requestStep(x, { ...r, now }));
    },

    /** Pending first (oldest first: first come, first decided), then the latest decided. */
    async todo(staff: RequestStaff) {
      const [pending, done] = await Promise.all([
        repo.pendingRequests(db, staff.corpId),
        repo.decidedRequests(db, staff.corpId, DONE_SHOWN),
      ]);
      const who = await namesFor(staff.corpId, [...pending, ...done]);
      return { pending: pending.map((r) => summary(r, who)), done: done.map((r) => summary(r, who)) };
    },

    async detail(staff: RequestStaff, id: string) {
      return detailOf(await load(staff.corpId, id), staff);
    },

    /**
     * One decision: never by the requester, a reason to reject, once. The conditional update, the kind's
     * effect and the audit line are one transaction; the loser of a race is told who decided and when.
     */
    async decide(staff: RequestStaff, id: string, decision: 'approve' | 'reject', comment: string | undefined) {
      const r = await load(staff.corpId, id);
      if (r.requested_by === staff.id) throw new AppError('APPROVAL_OWN_REQUEST');
      const text = comment?.trim() || null;
      if (decision === 'reject' && (!text || text.length < 2)) throw new AppError('APPROVAL_COMMENT_REQUIRED');
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const now = clock();
      const effect = deps.effects()[r.kind as ApprovalKind];
      const won = await db.transaction().execute(async (tx) => {
        const changed = await repo.decide(tx, {
          corpId: staff.corpId,
          id,
          status,
          by: staff.id,
          byName: staff.name,
          at: now,
          comment: text,
        });
        if (!changed) return false;
        const subject = toSubject(r);
        if (status === 'approved') await effect?.approved?.(handOver(tx), subject, staff.id, now);
        else await effect?.rejected?.(handOver(tx), subject, staff.id, now);
        await stepsIn(tx, (x) =>
          repo.insertEvent(x, {
            id: newSortableId(),
            corp_id: staff.corpId,
            request_id: id,
            action: status,
            actor: staff.id,
            comment: text,
            at: now,
          }),
        );
        return true;
      });
      const after = await load(staff.corpId, id);
      if (!won) {
        const when = new Date(Number(after.decided_at)).toISOString().slice(0, 16).replace('T', ' ');
        const name = after.decided_by_name ?? after.decided_by ?? '';
        throw new AppError('APPROVAL_ALREADY_DECIDED', {
          'zh-CN': `${name} 已于 ${when}（UTC）${after.status === 'approved' ? '通过' : '驳回'}`,
          'en-US': `${after.status} by ${name} at ${when} UTC`,
        });
      }
      return detailOf(after, staff);
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
