import { mayExport } from '@campaign/contract';
import { handOver } from '../../db/owners';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { type Caller, type ExportRequest, MAX_RUNNING, mayUnmask, type ReportsContext } from './context';
import * as repo from './repo';
import { runExport } from './run-export';
import * as sources from './sources';

/**
 * Starts an export. Personal data is masked unless an auditor or admin asks for it unmasked with a
 * reason; the start (with the reason) is appended to the audit log in the job's own transaction.
 */
export async function startExport(
  ctx: ReportsContext,
  corpId: string,
  who: Caller,
  req: ExportRequest,
): Promise<{ jobId: string; done: Promise<void> }> {
  const { db, clock, audit, running } = ctx;
  if (!mayExport(req.kind, who.actor.roles)) throw new AppError('EXPORT_KIND_DENIED');
  const unmasked = req.unmasked === true;
  if (unmasked && (!mayUnmask(who.actor.roles) || !req.reason)) throw new AppError('EXPORT_UNMASK_DENIED');
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
    await audit.append(handOver(tx), {
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
  const done = runExport(ctx, row).finally(() => running.delete(done));
  running.add(done);
  return { jobId: row.id, done };
}
