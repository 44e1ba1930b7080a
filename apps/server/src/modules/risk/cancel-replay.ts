import type { RiskReplayJob } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as jobs from './replay-repo';
import { replayJobOf } from './view';

/**
 * Stops a running replay: it is marked cancelled at once, and the node running it stops at its next page
 * (its progress write finds it no longer running). A job already ended is returned as it is.
 */
export async function cancelReplay(deps: RiskDeps, corpId: string, id: string): Promise<RiskReplayJob> {
  const db = deps.database.db;
  await jobs.cancel(db, corpId, id, deps.clock());
  const row = await jobs.job(db, corpId, id);
  if (!row) throw new AppError('RISK_REPLAY_NOT_FOUND');
  return replayJobOf(row);
}

/** Waits for the replays running in this process (shutdown, tests). */
export async function replaysIdle(deps: RiskDeps): Promise<void> {
  await Promise.allSettled([...deps.replays]);
}
