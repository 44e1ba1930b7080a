import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type ExportJob, type ExportKind, UNMASK_ROLES } from '@campaign/contract';
import { handOver } from '../../db/owners';
import type { AuditActor, AuditPort } from '../../platform/audit-port';
import { campaignDay } from '../../platform/campaign-day';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { type ExportSpec, writeExportFile } from './export-file';
import { canExportApart, exportApart } from './export-process';
import * as repo from './repo';
import * as sources from './sources';

/** At most this many exports run at once per server process (each in its own export process). */
export const MAX_RUNNING = 2;
/** A job still "running" this long after it started was left by a process that stopped. */
const ABANDONED_MS = 6 * 3_600_000;

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

export function toJob(r: repo.JobRow): ExportJob {
  return {
    id: r.id,
    kind: r.kind,
    format: r.format,
    actId: r.act_id,
    unmasked: r.unmasked === 1,
    state: r.state,
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

/**
 * Exports as jobs (docs/decisions/0365-streamed-exports.md): started by a console call that is audited, run
 * in the background by an export process of its own, streamed from keyset pages into a CSV or XLSX file whose
 * progress the console polls; the file stays downloadable for `config.exports.keepMs`, then the sweeper
 * removes it.
 */
export function createReportsService(deps: ServiceDeps<'reports'> & { audit: AuditPort }) {
  const db = deps.database.db;
  const { clock, config, log } = deps;
  const dir = config.exports.dir;
  const running = new Set<Promise<void>>();

  /**
   * Writes one export file: in an export process of its own (export-process.ts) unless the database lives in
   * this process's memory. `onProgress` hears the rows written so far. Used by jobs and the bench.
   */
  async function writeExport(
    spec: ExportSpec,
    onProgress: (rows: number) => void = () => {},
  ): Promise<{ rows: number; bytes: number; peakRssMb: number | null }> {
    if (canExportApart(deps.database)) return exportApart(deps.database, spec, onProgress);
    const { rows, bytes } = await writeExportFile(db, spec, onProgress);
    return { rows, bytes, peakRssMb: null };
  }

  async function run(row: repo.JobRow): Promise<void> {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${row.id}.${row.format}`);
    let last = 0;
    // The progress bar moves about every 20,000 rows (a write per page would slow a large export).
    let saved = Promise.resolve();
    const onProgress = (n: number) => {
      if (n - last < 20_000) return;
      last = n;
      saved = saved.then(() => repo.progress(db, row.id, { rows: n })).catch(() => {});
    };
    try {
      const spec: ExportSpec = {
        kind: row.kind,
        scope: { corpId: row.corp_id, actId: row.act_id },
        format: row.format,
        unmasked: row.unmasked === 1,
        path,
        now: clock(),
      };
      const { rows, bytes } = await writeExport(spec, onProgress).finally(() => saved);
      const now = clock();
      await repo.progress(db, row.id, {
        state: 'done',
        rows,
        total: Math.max(rows, Number(row.total)),
        bytes,
        file: path,
        finished_at: now,
        expires_at: now + config.exports.keepMs,
      });
    } catch (err) {
      log.error({ err, job: row.id }, 'export failed');
      rmSync(path, { force: true });
      await repo.progress(db, row.id, {
        state: 'failed',
        error: (err as Error).message.slice(0, 200),
        finished_at: clock(),
      });
    }
  }

  return {
    writeExport,

    /**
     * Starts an export. Personal data is masked unless an auditor or admin asks for it unmasked with a
     * reason; the start (with the reason) is appended to the audit log in the job's own transaction.
     */
    async start(
      corpId: string,
      who: { actor: AuditActor; ip: string | null },
      req: ExportRequest,
    ): Promise<{ jobId: string; done: Promise<void> }> {
      const unmasked = req.unmasked === true;
      if (unmasked && (!who.actor.roles.some((r) => (UNMASK_ROLES as readonly string[]).includes(r)) || !req.reason)) {
        throw new AppError('EXPORT_UNMASK_DENIED');
      }
      if (running.size >= MAX_RUNNING) throw new AppError('EXPORT_BUSY');
      const now = clock();
      const scope = { corpId, actId: req.actId ?? null };
      const row: repo.JobRow = {
        id: newSortableId(now),
        corp_id: corpId,
        kind: req.kind,
        format: req.format,
        act_id: scope.actId,
        unmasked: unmasked ? 1 : 0,
        reason: req.reason ?? null,
        state: 'running',
        rows: 0,
        total: req.kind === 'audit' ? 0 : await sources.count(db, req.kind, scope),
        bytes: 0,
        file: null,
        error: null,
        created_by: who.actor.id,
        created_at: now,
        finished_at: null,
        expires_at: null,
      };
      await db.transaction().execute(async (tx) => {
        await repo.insertJob(tx, row);
        await deps.audit.append(handOver(tx), {
          corpId,
          at: now,
          actor: who.actor,
          ip: who.ip,
          action: unmasked ? 'export.unmasked' : 'export.start',
          subject: row.id,
          after: { kind: row.kind, actId: row.act_id, format: row.format, unmasked, reason: row.reason },
        });
      });
      // The audit log's own count includes the entry just appended.
      if (req.kind === 'audit') await repo.progress(db, row.id, { total: await sources.count(db, 'audit', scope) });
      const done = run(row).finally(() => running.delete(done));
      running.add(done);
      return { jobId: row.id, done };
    },

    async job(corpId: string, id: string): Promise<ExportJob> {
      const r = await repo.job(db, corpId, id);
      if (!r) throw new AppError('EXPORT_NOT_FOUND');
      return toJob(r);
    },

    async jobs(corpId: string, page: number, size: number) {
      const { rows, total } = await repo.jobs(db, corpId, page, size);
      return { items: rows.map(toJob), total };
    },

    /** A finished job's file as a stream, with its name. */
    async file(corpId: string, id: string) {
      const r = await repo.job(db, corpId, id);
      if (!r || r.state === 'expired' || r.state === 'failed' || (r.state === 'done' && !r.file)) {
        throw new AppError('EXPORT_NOT_FOUND');
      }
      if (r.state !== 'done' || !r.file) throw new AppError('EXPORT_NOT_READY');
      return { stream: createReadStream(r.file), filename: filenameOf(r), bytes: Number(r.bytes) };
    },

    /** Removes files past their time and marks jobs a stopped process left running (the sweeper, each minute). */
    async sweep(): Promise<number> {
      const now = clock();
      const old = await repo.expired(db, now);
      for (const j of old) {
        if (j.file) rmSync(j.file, { force: true });
        await repo.progress(db, j.id, { state: 'expired', file: null });
      }
      await repo.abandon(db, now - ABANDONED_MS, now);
      return old.length;
    },

    /** Waits for the exports running in this process (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
