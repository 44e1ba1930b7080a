import type { RiskDeps } from './context';
import { logPages, REPLAY_PAGE, replayer } from './replay';
import * as jobs from './replay-repo';
import * as repo from './repo';

/** Lets the event loop answer requests between pages (a SQLite page is read synchronously). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a started replay job to its end in the background (ADR 0061): the scope's size first, then page after
 * page of the log by id, each page's progress and heartbeat written while the job is still running; a job
 * cancelled meanwhile (from any node) stops at its next page. Done: its figures; an error: failed.
 */
export async function runReplay(
  deps: RiskDeps,
  job: jobs.ReplayJobRow,
  version: { rules: string; hash: string },
): Promise<void> {
  const { clock, log } = deps;
  const db = deps.database.db;
  const actId = job.scope === '' ? null : job.scope;
  try {
    const total = await repo.countDecisions(db, job.corp_id, actId);
    if (!(await jobs.update(db, job.id, { total, heartbeat_at: clock() }))) return;
    const r = replayer(version);
    let done = 0;
    for await (const page of logPages(db, job.corp_id, actId)) {
      for (const d of page) r.add(d);
      done += page.length;
      if (page.length < REPLAY_PAGE) break;
      if (!(await jobs.update(db, job.id, { done, heartbeat_at: clock() }))) return;
      await breathe();
    }
    const now = clock();
    await jobs.update(db, job.id, {
      state: 'done',
      done,
      result: JSON.stringify(r.result()),
      heartbeat_at: now,
      finished_at: now,
    });
  } catch (err) {
    log.error({ err, job: job.id }, 'risk replay failed');
    await jobs
      .update(db, job.id, {
        state: 'failed',
        error: String((err as Error).message).slice(0, 200),
        finished_at: clock(),
      })
      .catch(() => {});
  }
}
