import { z } from 'zod';
import { endpoint } from '../endpoint';
import { AUDIT_READERS } from '../paths';

// The audit log: every console action, append-only and hash-chained per corp
// (docs/decisions/0331-audit-chain.md). Auditors and admins read, verify and export it; nobody writes it
// through the API — entries are appended by the changes they record, in the same transaction.

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.number().int(),
  /** Who: null for a sign-in attempt nobody could be named for (an unknown login). */
  actor: z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) }).nullable(),
  ip: z.string().nullable(),
  /** What, as `area.verb`: `console.sign-in`, `staff.roles`, `settings.kill-switch`, `audit.export`, … */
  action: z.string(),
  /** What it was done to: a staff id, a corp id, a campaign id. */
  subject: z.string().nullable(),
  /** The subject's name (a staff member's, a campaign's title, a store's) where the log's list knows it. */
  subjectName: z.string().nullable().optional(),
  before: z.unknown(),
  after: z.unknown(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const day = z.coerce.number().int().min(0);
export const auditFilterSchema = z.object({
  action: z.string().trim().max(64).optional(),
  /** A staff id. */
  actor: z.string().trim().max(64).optional(),
  subject: z.string().trim().max(64).optional(),
  /** Epoch ms, inclusive. */
  from: day.optional(),
  /** Epoch ms, exclusive. */
  to: day.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  /** Entries checked. */
  checked: z.number().int(),
  /**
   * The first entry that does not hold and why: its content no longer matches its hash (changed), it is
   * absent (missing), it does not follow the entry before it (reordered), the newest entries were cut off (cut),
   * or its hash is not the one published for it outside the database: the chain was recomputed (rewritten).
   */
  firstBad: z
    .object({ seq: z.number().int(), reason: z.enum(['changed', 'missing', 'reordered', 'cut', 'rewritten']) })
    .nullable(),
  /** The newest entry: write its hash down somewhere else to detect a cut-off tail later. */
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /** The newest head published outside the database (AUDIT_HEAD_DIR) that the chain was compared with. */
  published: z.object({ seq: z.number().int(), hash: z.string(), at: z.number().int() }).nullable().optional(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

export const auditEndpoints = {
  consoleAuditList: endpoint({
    method: 'GET',
    path: '/console/audit',
    version: 'none',
    loading: false,
    access: 'console',
    roles: AUDIT_READERS,
    tag: 'console-audit',
    summary: "The corp's audit log, newest first, filtered and a page at a time (the server pages)",
    query: auditFilterSchema.extend({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    body: z.undefined(),
    data: z.object({ total: z.number().int(), items: z.array(auditEntrySchema), actions: z.array(z.string()) }),
    errors: [],
  }),
  consoleAuditVerify: endpoint({
    method: 'GET',
    path: '/console/audit/verify',
    version: 'none',
    loading: true,
    access: 'console',
    roles: AUDIT_READERS,
    tag: 'console-audit',
    summary: "Recompute the corp's hash chain: names the first changed, removed or reordered entry",
    query: z.object({}),
    body: z.undefined(),
    data: auditVerifySchema,
    errors: [],
  }),
  consoleAuditExport: endpoint({
    method: 'GET',
    path: '/console/audit/export',
    version: 'none',
    loading: false,
    access: 'console',
    roles: AUDIT_READERS,
    tag: 'console-audit',
    summary: 'The audit log (with the same filters) as CSV, UTF-8 with a BOM; the export itself is audited',
    query: auditFilterSchema,
    body: z.undefined(),
    data: z.string(),
    produces: { type: 'text/csv', filename: 'audit-log.csv' },
    errors: [],
  }),
} as const;
