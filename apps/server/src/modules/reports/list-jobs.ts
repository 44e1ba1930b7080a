import { EXPORT_KINDS, mayExport } from '@campaign/contract';
import { type Caller, mayUnmask, type ReportsContext, toJob } from './context';
import * as repo from './repo';

/** The exports the caller may see, newest first: the kinds of their roles; unmasked ones only their own. */
export async function listJobs({ db, clock }: ReportsContext, corpId: string, who: Caller, page: number, size: number) {
  const visible: repo.Visible = {
    kinds: EXPORT_KINDS.filter((k) => mayExport(k, who.actor.roles)),
    unmaskedOf: mayUnmask(who.actor.roles) ? who.actor.id : null,
  };
  const { rows, total } = await repo.jobs(db, corpId, visible, page, size);
  const now = clock();
  return { items: rows.map((r) => toJob(r, now)), total };
}
