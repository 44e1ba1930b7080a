import type { RiskReplayJob } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as jobs from './replay-repo';
import { replayJobOf } from './view';

/** A replay job's progress (and figures once done), from whichever node runs it: it is all stored. */
export async function readReplay(deps: RiskDeps, corpId: string, id: string): Promise<RiskReplayJob> {
  const row = await jobs.job(deps.database.db, corpId, id);
  if (!row) throw new AppError('RISK_REPLAY_NOT_FOUND');
  return replayJobOf(row);
}
