import type { ActivityContext } from './context';
import * as repo from './repo';

/** What the console shows of a published activity: its version, commitment, and the seed once revealed. */
export async function publicationRecord({ db, clock }: ActivityContext, corpId: string, actId: string) {
  const act = await repo.getActivity(db, corpId, actId);
  if (!act) return null;
  const ended = act.state === 'ended' || clock() >= act.ends_at;
  return {
    version: act.version,
    commitment: act.commitment,
    seed: ended ? act.seed : null,
    revealedAt: act.revealed_at,
  };
}
