import { z } from 'zod';
import { staffRefSchema } from '../common';
import { endpoint } from '../endpoint';
import { CONSOLE_ROLES } from '../paths';
import { ALERT_KINDS, EXPORT_KINDS, EXPORT_ROLES, RECONCILE_CHECKS } from '../report-kinds';

export * from '../report-kinds';

// Reports, exports, the daily reconciliation and alerts (issue 24; docs/decisions/0365–0369). Exports run as
// jobs streamed from the database a page at a time into a file that stays downloadable for a while; the
// reconciliation proves a campaign's books balance and keeps every report; alerts are shown here and POSTed,
// signed, to the corp's webhook in the background.

const actId = z.string().trim().min(1).max(64);

export const exportJobSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(['csv', 'xlsx']),
  actId: z.string().nullable(),
  unmasked: z.boolean(),
  state: z.enum(['running', 'done', 'failed', 'expired']),
  /** Rows written so far, and the rows expected (counted when the job started). */
  rows: z.number().int(),
  total: z.number().int(),
  bytes: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** When the file is removed (null while running). */
  expiresAt: z.number().int().nullable(),
  filename: z.string(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export const reconcileCheckSchema = z.object({
  name: z.enum(RECONCILE_CHECKS),
  /** What is compared, in Chinese: 抽奖次数 = 中奖 + 未中奖. */
  label: z.string(),
  left: z.number(),
  right: z.number(),
  ok: z.boolean(),
  /** The rows behind a difference (at most 50): each names its table and id and says what is off. */
  rows: z.array(z.object({ table: z.string(), id: z.string(), detail: z.string() })),
});
export type ReconcileCheck = z.infer<typeof reconcileCheckSchema>;

export const reconcileReportSchema = z.object({
  id: z.string(),
  actId: z.string(),
  at: z.number().int(),
  trigger: z.enum(['daily', 'manual']),
  ok: z.boolean(),
  checks: z.array(reconcileCheckSchema),
  createdBy: z.string().nullable(),
});
export type ReconcileReport = z.infer<typeof reconcileReportSchema>;

export const alertSchema = z.object({
  id: z.string(),
  actId: z.string().nullable(),
  kind: z.enum(ALERT_KINDS),
  message: z.string(),
  at: z.number().int(),
  delivery: z.enum(['none', 'pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  deliveredAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

const page = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const common = { version: 'none', access: 'console', tag: 'console-reports' } as const;

export const reportsEndpoints = {
  consoleExportStart: endpoint({
    ...common,
    method: 'POST',
    path: '/console/exports/start',
    loading: true,
    roles: EXPORT_ROLES,
    summary:
      'Start an export (winners, orders, redemptions, coupons, the audit log) as CSV or XLSX, each kind for the roles of its screen (EXPORT_KIND_ROLES); personal data masked unless an auditor or admin asks otherwise with a reason (audited)',
    query: z.object({}),
    body: z.object({
      kind: z.enum(EXPORT_KINDS),
      actId: actId.optional(),
      format: z.enum(['csv', 'xlsx']),
      unmasked: z.boolean().optional(),
      reason: z.string().trim().max(200).optional(),
    }),
    data: z.object({ jobId: z.string() }),
    errors: ['EXPORT_UNMASK_DENIED', 'EXPORT_BUSY', 'EXPORT_KIND_DENIED'],
  }),
  consoleExportJob: endpoint({
    ...common,
    method: 'GET',
    path: '/console/exports/job',
    loading: false,
    roles: EXPORT_ROLES,
    summary:
      "An export's progress (rows written of rows expected) and, once done, until when its file stays; an unmasked one for its requester only",
    query: z.object({ id: z.string().max(64) }),
    body: z.undefined(),
    data: exportJobSchema,
    errors: ['EXPORT_NOT_FOUND', 'EXPORT_KIND_DENIED', 'EXPORT_OWNER_ONLY'],
  }),
  consoleExportJobs: endpoint({
    ...common,
    method: 'GET',
    path: '/console/exports',
    loading: false,
    roles: EXPORT_ROLES,
    summary:
      "The corp's exports the caller may see, newest first: the kinds of their roles, unmasked ones only their own",
    query: z.object(page),
    body: z.undefined(),
    data: z.object({ items: z.array(exportJobSchema), total: z.number().int() }),
    errors: [],
  }),
  consoleExportFile: endpoint({
    ...common,
    method: 'GET',
    path: '/console/exports/file',
    loading: false,
    roles: EXPORT_ROLES,
    summary:
      "A finished export's file (CSV or XLSX), streamed and audited; an unmasked one for its requester only; removed when it expires",
    query: z.object({ id: z.string().max(64) }),
    body: z.undefined(),
    data: z.unknown(),
    produces: { type: 'application/octet-stream', filename: 'export' },
    errors: ['EXPORT_NOT_FOUND', 'EXPORT_NOT_READY', 'EXPORT_KIND_DENIED', 'EXPORT_OWNER_ONLY'],
  }),
} as const;

export const reconcileEndpoints = {
  consoleReconcileRun: endpoint({
    ...common,
    method: 'POST',
    path: '/console/reconcile/run',
    loading: true,
    roles: ['operator', 'auditor', 'admin'],
    summary: "Reconcile a campaign's books now: the report is kept, and a difference raises an alert",
    query: z.object({}),
    body: z.object({ actId }),
    data: reconcileReportSchema,
    errors: ['RECONCILE_ACTIVITY_UNKNOWN'],
  }),
  consoleReconcileReports: endpoint({
    ...common,
    method: 'GET',
    path: '/console/reconcile/reports',
    loading: false,
    roles: CONSOLE_ROLES,
    summary: "A campaign's reconciliation reports, newest first (the daily ones and those run on demand)",
    query: z.object({ actId, ...page }),
    body: z.undefined(),
    data: z.object({ items: z.array(reconcileReportSchema), total: z.number().int() }),
    errors: [],
  }),
  consoleReconcileCampaigns: endpoint({
    ...common,
    method: 'GET',
    path: '/console/reconcile/campaigns',
    loading: false,
    roles: CONSOLE_ROLES,
    summary: "The corp's campaigns with their latest reconciliation (green, red or not yet run)",
    query: z.object({}),
    body: z.undefined(),
    data: z.object({
      items: z.array(
        z.object({
          actId: z.string(),
          title: z.string(),
          latest: z.object({ id: z.string(), at: z.number().int(), ok: z.boolean() }).nullable(),
        }),
      ),
    }),
    errors: [],
  }),
} as const;

export const alertsEndpoints = {
  consoleAlerts: endpoint({
    ...common,
    method: 'GET',
    path: '/console/alerts',
    loading: false,
    roles: CONSOLE_ROLES,
    summary: "The corp's alerts, newest first, with their webhook delivery, and the webhook it has (never its secret)",
    query: z.object(page),
    body: z.undefined(),
    data: z.object({
      items: z.array(alertSchema),
      total: z.number().int(),
      webhook: z.object({ url: z.string(), updatedAt: z.number().int(), updatedBy: staffRefSchema }).nullable(),
    }),
    errors: [],
  }),
  consoleAlertWebhook: endpoint({
    ...common,
    method: 'POST',
    path: '/console/alerts/webhook',
    loading: true,
    roles: ['admin'],
    summary:
      'Set where alerts are POSTed: an https URL and the secret each body is signed with (HMAC-SHA256, header X-Campaign-Signature)',
    query: z.object({}),
    body: z.object({ url: z.string().trim().max(500), secret: z.string().min(16).max(200) }),
    data: z.object({ url: z.string(), updatedAt: z.number().int(), updatedBy: staffRefSchema }),
    errors: ['ALERT_WEBHOOK_INVALID'],
  }),
} as const;
