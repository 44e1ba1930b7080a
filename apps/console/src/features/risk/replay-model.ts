import type { RiskReplayJob } from '@campaign/contract/client';

/** How often a running replay's progress is read again. */
export const REPLAY_POLL_MS = 1000;

/** What the progress bar shows for a job: its share done, antd's status, and whether it can still be stopped. */
export function replayProgress(job: Pick<RiskReplayJob, 'state' | 'done' | 'total'>) {
  const share = job.total > 0 ? Math.min(1, job.done / job.total) : job.state === 'done' ? 1 : 0;
  // A running job never shows 100% until its figures are in: the last page is still being counted.
  const percent = job.state === 'done' ? 100 : Math.min(99, Math.floor(share * 100));
  const status = { running: 'active', done: 'success', cancelled: 'normal', failed: 'exception' } as const;
  return { percent, status: status[job.state], cancellable: job.state === 'running' };
}

/** Poll while the job runs; stop once it has ended. */
export const pollEvery = (job: Pick<RiskReplayJob, 'state'> | undefined): number | false =>
  job === undefined || job.state === 'running' ? REPLAY_POLL_MS : false;
