import { rmSync } from 'node:fs';
import { UNMASKED_KEEP_MS } from '@campaign/contract';
import type { ReportsContext } from './context';
import * as repo from './repo';

/** A job still "running" this long after it started was left by a process that stopped. */
const ABANDONED_MS = 6 * 3_600_000;

/** Removes files past their time and marks jobs a stopped process left running (the sweeper, each minute). */
export async function sweepExports({ db, clock, config }: ReportsContext): Promise<number> {
  const now = clock();
  const old = await repo.expired(db, now, Math.min(config.exports.keepMs, UNMASKED_KEEP_MS));
  for (const j of old) {
    if (j.file) rmSync(j.file, { force: true });
    await repo.progress(db, j.id, { state: 'expired', file: null });
  }
  await repo.abandon(db, now - ABANDONED_MS, now);
  return old.length;
}
