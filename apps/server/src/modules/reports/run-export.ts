import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UNMASKED_KEEP_MS } from '@campaign/contract';
import { filenameOf, type ReportsContext } from './context';
import type { ExportSpec } from './export-file';
import * as repo from './repo';
import { writeExport } from './write-export';

/** Runs a started job to its end: the file written, its progress saved, done or failed. */
export async function runExport(ctx: ReportsContext, row: repo.JobRow): Promise<void> {
  const { db, clock, config, log } = ctx;
  const dir = config.exports.dir;
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
    const { rows, bytes } = await writeExport(ctx, spec, onProgress).finally(() => saved);
    const now = clock();
    await repo.progress(db, row.id, {
      state: 'done',
      rows,
      total: Math.max(rows, Number(row.total)),
      bytes,
      file: path,
      finished_at: now,
      expires_at: now + (spec.unmasked ? Math.min(config.exports.keepMs, UNMASKED_KEEP_MS) : config.exports.keepMs),
    });
  } catch (err) {
    log.error({ err, job: row.id }, 'export failed');
    rmSync(path, { force: true });
    await repo.progress(db, row.id, {
      state: 'failed',
      error: (err as Error).message.slice(0, 200),
      finished_at: clock(),
    });
    return;
  }
  await tellTheBell(ctx, row);
}

/** The file is ready: its starter is told in the console's bell (a failing bell never fails the export). */
async function tellTheBell({ notify, clock, log }: ReportsContext, row: repo.JobRow): Promise<void> {
  await notify
    .notify(null, {
      corpId: row.corp_id,
      kind: 'export_ready',
      to: { staff: [row.created_by] },
      subject: row.id,
      key: row.id,
      title: filenameOf(row),
      detail: row.kind,
      at: clock(),
    })
    .catch((err: unknown) => log.error({ err, job: row.id }, 'export notification failed'));
}
