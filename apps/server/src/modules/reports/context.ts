import { type ExportJob, type ExportKind, mayExport, UNMASK_ROLES } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import type { NotificationsPort } from '../../platform/notifications-port';
import type { ServiceDeps } from '../../platform/services';
import type * as repo from './repo';

// What the reports module's use cases share (one per file, bound in service.ts): the deps, the exports
// running in this process, who asks, and a job as the console sees it.

/** At most this many exports run at once per server process (each in its own export process). */
export const MAX_RUNNING = 2;

/** `notify`: the console's bell, where whoever started an export is told it is ready. */
export type ReportsDeps = ServiceDeps<'reports'> & { audit: AuditPort; notify: NotificationsPort };
export type ReportsContext = ReportsDeps & {
  db: ReportsDeps['database']['db'];
  /** The exports running in this process. */
  running: Set<Promise<void>>;
};

export function createReportsContext(deps: ReportsDeps): ReportsContext {
  return { ...deps, db: deps.database.db, running: new Set() };
}

export interface ExportRequest {
  kind: ExportKind;
  actId?: string | undefined;
  format: 'csv' | 'xlsx';
  unmasked?: boolean | undefined;
  reason?: string | undefined;
}

export function filenameOf(j: Pick<repo.JobRow, 'kind' | 'act_id' | 'format' | 'created_at' | 'id'>): string {
  const day = campaignDay(Number(j.created_at));
  return `${j.kind}-${j.act_id ?? 'all'}-${day}-${j.id.slice(-6)}.${j.format}`;
}

/** Who asks: the signed-in staff member (their roles are read again on every request) and their address. */
export interface Caller {
  actor: AuditActor;
  ip: string | null;
}

export const mayUnmask = (roles: readonly string[]) =>
  roles.some((r) => (UNMASK_ROLES as readonly string[]).includes(r));

/** Why `who` may not see job `r`, or null: the kind's roles first, then an unmasked job's owner. */
export function refusal(r: repo.JobRow, who: Caller) {
  if (!mayExport(r.kind, who.actor.roles)) return 'EXPORT_KIND_DENIED' as const;
  if (r.unmasked !== 1) return null;
  if (r.created_by !== who.actor.id) return 'EXPORT_OWNER_ONLY' as const;
  return mayUnmask(who.actor.roles) ? null : ('EXPORT_UNMASK_DENIED' as const);
}

/** A job as the console sees it at `now`: a file past its time is expired even before the sweeper ran. */
export function toJob(r: repo.JobRow, now: number): ExportJob {
  const past = r.state === 'done' && r.expires_at !== null && Number(r.expires_at) <= now;
  return {
    id: r.id,
    kind: r.kind,
    format: r.format,
    actId: r.act_id,
    unmasked: r.unmasked === 1,
    state: past ? 'expired' : r.state,
    rows: Number(r.rows),
    total: Number(r.total),
    bytes: Number(r.bytes),
    error: r.error,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    filename: filenameOf(r),
  };
}
