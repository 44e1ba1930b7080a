// The constants of reports, reconciliation and alerts (console-reports.ts), without zod: the console's
// bundle imports them through `@campaign/contract/client`.

export const EXPORT_KINDS = ['winners', 'orders', 'redemptions', 'coupons', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** Who may start an export at all (masked). */
export const EXPORT_ROLES = ['operator', 'auditor', 'admin'] as const;
/** Who may ask for unmasked personal data (with a reason, audited). */
export const UNMASK_ROLES = ['auditor', 'admin'] as const;

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

export const ALERT_KINDS = ['stock_low', 'budget_ahead', 'error_rate', 'rate_limited', 'reconcile_diff'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
