import type { RiskReplayJob } from '@campaign/contract';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RiskDeps } from './context';
import * as jobs from './replay-repo';
import * as repo from './repo';
import { runReplay } from './run-replay';
import { replayJobOf } from './view';

/**
 * Starts a replay of a version over the stored decisions (one campaign, or all) as a background job, or
 * joins the one already running for that version and scope: twenty starts at once make one job, on any
 * number of nodes (the partial unique index decides). The job runs in this process; its progress is stored,
 * so any node answers the console's poll.
 */
export async function startReplay(
  deps: RiskDeps,
  corpId: string,
  who: { id: string },
  input: { id: string; actId?: string | undefined },
): Promise<RiskReplayJob> {
  const db = deps.database.db;
  const version = await repo.ruleset(db, corpId, input.id);
  if (!version) throw new AppError('RISK_RULESET_NOT_FOUND');
  const scope = input.actId ?? '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.clock();
    await jobs.abandon(db, corpId, version.id, scope, now - jobs.REPLAY_STALE_MS, now);
    const row: jobs.ReplayJobRow = {
      id: newSortableId(now),
      corp_id: corpId,
      ruleset_id: version.id,
      ruleset_hash: version.hash,
      scope,
      state: 'running',
      done: 0,
      total: 0,
      result: null,
      error: null,
      created_by: who.id,
      created_at: now,
      heartbeat_at: now,
      finished_at: null,
    };
    if (await jobs.insertJob(db, row)) {
      const done = runReplay(deps, row, version).finally(() => deps.replays.delete(done));
      deps.replays.add(done);
      return replayJobOf(row);
    }
    // Another start won: join its job (unless it ended in between; then try again).
    const running = await jobs.runningJob(db, corpId, version.id, scope);
    if (running) return replayJobOf(running);
  }
  throw new AppError('RISK_RULESET_STATE');
}
