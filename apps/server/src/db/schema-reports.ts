import type { AlertKind } from '@campaign/contract';
/** Tables of the live-numbers modules (issue 24): export jobs, reconciliation reports, alerts and their webhook. */

/** One export (module reports): a job streaming rows to a file that stays downloadable until `expires_at`. */
export interface ExportJobTable {
  id: string;
  corp_id: string;
  kind: 'winners' | 'orders' | 'redemptions' | 'coupons' | 'audit';
  format: 'csv' | 'xlsx';
  act_id: string | null;
  unmasked: number;
  reason: string | null;
  state: 'running' | 'done' | 'failed' | 'expired';
  rows: number;
  total: number;
  bytes: number;
  file: string | null;
  error: string | null;
  created_by: string;
  created_at: number;
  finished_at: number | null;
  expires_at: number | null;
}

/** One reconciliation run (module reconcile): kept whatever it found, for audit. */
export interface ReconcileReportTable {
  id: string;
  corp_id: string;
  act_id: string;
  at: number;
  trigger: 'daily' | 'manual';
  ok: number;
  /** JSON: the checks, each with its two sides and the rows behind a difference. */
  checks: string;
  created_by: string | null;
}

/** One alert (module alerts) and the state of its delivery to the corp's webhook. */
export interface AlertTable {
  id: string;
  corp_id: string;
  act_id: string | null;
  kind: AlertKind;
  /** One alert per key (a prize's low stock per day, one reconciliation report): raised once. */
  dedupe_key: string;
  message: string;
  detail: string | null;
  at: number;
  delivery: 'none' | 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
  last_error: string | null;
}

/** The corp's alert webhook: where alerts are POSTed, HMAC-SHA256-signed with the sealed secret. */
export interface AlertWebhookTable {
  corp_id: string;
  url: string;
  secret_sealed: string;
  updated_at: number;
  updated_by: string;
}

export interface ReportTables {
  export_job: ExportJobTable;
  reconcile_report: ReconcileReportTable;
  alert: AlertTable;
  alert_webhook: AlertWebhookTable;
}
