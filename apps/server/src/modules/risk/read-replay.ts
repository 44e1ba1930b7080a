import type { RiskReplayJob } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as jobs from './replay-repo';
import { replayJobOf } from './view';

/**
 * A replay job's progress (and figures once done), from whichever node runs it: it is all stored. A job whose
 * heartbeat stopped (its process stopped) is marked failed here, so the console's poll ends.
 */
export async function readReplay(deps: RiskDeps, corpId: string, id: string): Promise<RiskReplayJob> {
  const db = deps.database.db;
  let row = await jobs.job(db, corpId, id);
  if (!row) throw new AppError('RISK_REPLAY_NOT_FOUND');
  const now = deps.clock();
  if (row.state === 'running' && Number(row.heartbeat_at) < now - jobs.REPLAY_STALE_MS) {
    await jobs.abandon(db, corpId, row.ruleset_id, row.scope, now - jobs.REPLAY_STALE_MS, now);
    row = (await jobs.job(db, corpId, id)) ?? row;
  }
  return replayJobOf(row);
}
