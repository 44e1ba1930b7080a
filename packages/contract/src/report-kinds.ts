// The constants of reports, reconciliation and alerts (console-reports.ts), without zod: the console's
// bundle imports them through `@campaign/contract/client`.

import { AUDIT_READERS, type ConsoleRole } from './paths';

export const EXPORT_KINDS = ['winners', 'orders', 'redemptions', 'coupons', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** Who may reach 报表导出 at all: the union of the kinds' roles below (a test holds them equal). */
export const EXPORT_ROLES = ['operator', 'auditor', 'admin'] as const;
/**
 * Who may start, list and download each kind: the role rule of the screen its rows come from
 * (docs/decisions/0373-export-access.md). The campaign data has no screen of its own but 报表导出; the audit
 * log is the 审计日志 screen's. A new kind does not compile until it is given its roles here.
 */
export const EXPORT_KIND_ROLES = {
  winners: EXPORT_ROLES,
  orders: EXPORT_ROLES,
  redemptions: EXPORT_ROLES,
  coupons: EXPORT_ROLES,
  audit: AUDIT_READERS,
} as const satisfies Record<ExportKind, readonly ConsoleRole[]>;
/** Whether `roles` may see exports of `kind` (start, list, download). */
export const mayExport = (kind: ExportKind, roles: readonly string[]): boolean =>
  EXPORT_KIND_ROLES[kind].some((r) => roles.includes(r));
/** Who may ask for unmasked personal data (with a reason, audited). */
export const UNMASK_ROLES = ['auditor', 'admin'] as const;
/**
 * An unmasked file is kept this long after it is ready, then removed (the job shows 已过期删除); only its
 * requester sees or downloads it meanwhile (ADR 0373).
 */
export const UNMASKED_KEEP_MS = 30 * 60_000;

export const RECONCILE_CHECKS = [
  'draws',
  'awards_stock',
  'stock_balance',
  'coupons',
  'store_redemptions',
  'orders',
  'points',
] as const;
export type ReconcileCheckName = (typeof RECONCILE_CHECKS)[number];

export const ALERT_KINDS = [
  'stock_low',
  'budget_ahead',
  'error_rate',
  'rate_limited',
  'reconcile_diff',
  'audit_head',
  'risk_signal',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
