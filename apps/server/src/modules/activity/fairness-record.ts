import type { ActivityContext } from './context';
import { type TermsColumns, termsOf } from './loaded';
import * as repo from './repo';
import { effectiveStatus } from './status';

/** What verification replays: the seed, its commitment and each published version's prize table. */
export async function fairnessRecord({ db, clock }: ActivityContext, corpId: string, actId: string) {
  const act = await repo.getActivity(db, corpId, actId);
  if (!act) return null;
  const versions = await repo.getVersions(db, corpId, actId);
  return {
    seed: act.seed,
    commitment: act.commitment,
    ended: effectiveStatus(act, clock()) === 'ended',
    versions: versions.map((v) => ({
      version: v.version,
      prizes: (JSON.parse(v.prizes) as TermsColumns[]).map(termsOf),
    })),
  };
}
