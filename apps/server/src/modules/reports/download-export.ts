import { rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { AppError } from '../../platform/errors';
import { type Caller, filenameOf, type ReportsContext, refusal } from './context';
import { recordDownload } from './record-download';
import * as repo from './repo';

/**
 * A finished job's file as a stream, with its name, for a caller who may see it. The download is on the
 * audit log (who, which file, masked or not, the reason of an unmasked one) before a byte is sent, and so is
 * a refused one. The file is opened before the entry is written: the sweeper may remove it afterwards
 * without cutting this download short.
 */
export async function downloadExport(ctx: ReportsContext, corpId: string, who: Caller, id: string) {
  const { db, clock } = ctx;
  const r = await repo.job(db, corpId, id);
  if (!r) throw new AppError('EXPORT_NOT_FOUND');
  const refused = refusal(r, who);
  if (refused) {
    await recordDownload(ctx, r, who, 'export.download-refused', { refused });
    throw new AppError(refused);
  }
  const now = clock();
  if (r.state === 'done' && r.expires_at !== null && Number(r.expires_at) <= now) {
    // Past its time and the sweeper has not come by yet: what it would do, now.
    if (r.file) rmSync(r.file, { force: true });
    await repo.progress(db, r.id, { state: 'expired', file: null });
    throw new AppError('EXPORT_NOT_FOUND');
  }
  if (r.state === 'expired' || r.state === 'failed' || (r.state === 'done' && !r.file)) {
    throw new AppError('EXPORT_NOT_FOUND');
  }
  if (r.state !== 'done' || !r.file) throw new AppError('EXPORT_NOT_READY');
  const fh = await open(r.file).catch(() => {
    throw new AppError('EXPORT_NOT_FOUND');
  });
  try {
    await recordDownload(ctx, r, who, 'export.download', {});
  } catch (err) {
    await fh.close();
    throw err;
  }
  return { stream: fh.createReadStream(), filename: filenameOf(r), bytes: Number(r.bytes) };
}
