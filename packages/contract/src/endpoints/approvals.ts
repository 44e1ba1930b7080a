import { z } from 'zod';
import { empty } from '../common';
import { endpoint } from '../endpoint';

/** What can wait for a second person (docs/decisions/0321-approvals.md). */
/** risk-ruleset: let a shadowed ruleset version act; risk-appeal: a customer contests a refused draw. */
/** risk-list-import: a CSV of list entries; risk-reversal: undo a reviewer's decision (ADR 0393). */
export const APPROVAL_KINDS = [
  'prize-award',
  'redemption-exception',
  'rules-change',
  'risk-ruleset',
  'risk-appeal',
  'risk-list-import',
  'risk-reversal',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/** closed: another approved request on the same subject used it up (an expired ticket already redeemed). */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;

const who = z.object({ id: z.string(), name: z.string() });

export const approvalSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  /** What it is about: an award id, a coupon code, an activity id. */
  subject: z.string(),
  title: z.string(),
  requestedBy: who,
  requestedAt: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
  decidedBy: who.nullable(),
  decidedAt: z.number().int().nullable(),
});
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;

export const approvalEventSchema = z.object({
  action: z.enum(['requested', 'approved', 'rejected', 'closed']),
  by: who,
  at: z.number().int(),
  comment: z.string().nullable(),
});

export const approvalDetailSchema = approvalSummarySchema.extend({
  /** Label → value lines the approver needs to decide (prize, value, customer, activity, …). */
  context: z.array(z.object({ label: z.string(), value: z.string() })),
  comment: z.string().nullable(),
  /** The audit trail, oldest first. */
  events: z.array(approvalEventSchema),
  /** False when the caller requested it (nobody approves their own request) or it is decided. */
  canDecide: z.boolean(),
});
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>;

const requestId = z.string().regex(/^[\w-]{8,64}$/);

/** How many requests one bulk decision takes at most. */
export const REVIEW_BULK_MAX = 50;

/** Hours a case may wait before the console marks it overdue, per kind. */
export const REVIEW_DUE_HOURS: Record<ApprovalKind, number> = {
  'prize-award': 24,
  'redemption-exception': 24,
  'rules-change': 48,
  'risk-ruleset': 48,
  'risk-appeal': 72,
  'risk-list-import': 48,
  'risk-reversal': 48,
};

/** A case of the console's review queue: the request, its context lines and its deadline. */
export const reviewCaseSchema = approvalSummarySchema.extend({
  context: z.array(z.object({ label: z.string(), value: z.string() })),
  dueAt: z.number().int(),
  /** False for the requester's own request and for a decided one. */
  canDecide: z.boolean(),
});
export type ReviewCase = z.infer<typeof reviewCaseSchema>;

/** The approver's to-do list and one request's decision. */
export const approvalsEndpoints = {
  approvalTodo: endpoint({
    method: 'GET',
    path: '/approval/todo',
    version: 'none',
    loading: false,
    access: 'staff',
    roles: ['approver'],
    tag: 'approvals',
    errors: [],
    summary: 'The approver’s to-do list: pending first (oldest first), then the last 50 decided',
    query: empty.partial(),
    body: z.undefined(),
    data: z.object({ pending: z.array(approvalSummarySchema), done: z.array(approvalSummarySchema) }),
  }),
  approvalDetail: endpoint({
    method: 'GET',
    path: '/approval/detail',
    version: 'none',
    loading: false,
    access: 'staff',
    roles: ['approver', 'operator'],
    tag: 'approvals',
    errors: ['APPROVAL_NOT_FOUND'],
    summary: 'One request with its context and audit trail',
    query: z.object({ id: requestId }),
    body: z.undefined(),
    data: approvalDetailSchema,
  }),
  approvalDecide: endpoint({
    method: 'POST',
    path: '/approval/decide',
    version: 'none',
    loading: true,
    access: 'staff',
    roles: ['approver'],
    tag: 'approvals',
    errors: [
      'APPROVAL_NOT_FOUND',
      'APPROVAL_ALREADY_DECIDED',
      'APPROVAL_COMMENT_REQUIRED',
      'APPROVAL_OWN_REQUEST',
      'PRIZE_NOT_FOUND',
      'ACTIVITY_NOT_FOUND',
      'PUBLISH_REFUSED',
      'REDEEM_CODE_UNKNOWN',
      'REDEEM_ALREADY',
      'RISK_REVERSAL_REFUSED',
      'RISK_REVERSAL_PENDING',
    ],
    summary: 'Approve or reject (a comment is required to reject); decided once, never by the requester',
    query: empty.partial(),
    body: z.object({
      id: requestId,
      decision: z.enum(['approve', 'reject']),
      comment: z.string().trim().max(200).optional(),
    }),
    data: approvalDetailSchema,
  }),
  // The console's review queue (issue 35): the same requests, for an approver at a desk, decided in bulk.
  consoleRequests: endpoint({
    method: 'GET',
    path: '/console/requests',
    version: 'none',
    loading: false,
    access: 'console',
    roles: ['approver', 'auditor'],
    tag: 'approvals',
    errors: [],
    summary: 'Requests waiting for a second person (held prizes, appeals, risk rulesets), oldest first, with context',
    query: z.object({
      kind: z.enum(APPROVAL_KINDS).optional(),
      status: z.enum(['pending', 'done']).default('pending'),
    }),
    body: z.undefined(),
    data: z.object({ items: z.array(reviewCaseSchema) }),
  }),
  consoleRequestDecide: endpoint({
    method: 'POST',
    path: '/console/requests/decide',
    version: 'none',
    loading: true,
    access: 'console',
    roles: ['approver'],
    tag: 'approvals',
    errors: ['APPROVAL_COMMENT_REQUIRED'],
    summary: 'Decide one or many requests alike; each is decided once, never by its requester, and refusals are listed',
    query: empty.partial(),
    body: z.object({
      ids: z.array(requestId).min(1, '请选择要处理的事项').max(REVIEW_BULK_MAX, `一次最多处理 ${REVIEW_BULK_MAX} 项`),
      decision: z.enum(['approve', 'reject']),
      comment: z.string().trim().max(200, '意见最多 200 字').optional(),
    }),
    data: z.object({
      decided: z.array(z.string()),
      refused: z.array(z.object({ id: z.string(), message: z.string() })),
    }),
  }),
} as const;
