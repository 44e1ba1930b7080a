import { own, type PortTx } from '../../db/owners';
import type { TxExec } from '../../db/tx';
import type { ServiceDeps } from '../../platform/services';
import * as codes from './code-pool-repo';
import * as repo from './repo';

/**
 * The lab's answer to the draw's question "is this customer on the campaign's white list" (activity's
 * WhiteListPort), to the campaigns' "does this list exist", and to the award's "which code of this pool is next":
 * the lab owns the uploaded lists, the activity keeps the list's id in its eligibility and a prize its pool's.
 */
export function createWhiteLists(deps: ServiceDeps<'campaign-lab'>) {
  return {
    onList: (corpId: string, listId: string, who: { nuid: string; mobile: string | null }) =>
      repo.onList(own('campaign-lab', deps.database.db), corpId, listId, who),
    /**
     * Whether the corp has an uploaded white list of this id (the console checks a draft's before submit), in
     * the caller's transaction (SQLite has one connection: a read beside an open transaction would wait for it).
     */
    exists: async (tx: PortTx, corpId: string, listId: string) =>
      (await repo.listOf(own('campaign-lab', tx), corpId, listId))?.kind === 'whiteList',
    /**
     * An uploaded code pool's size and the codes still free (the console checks a coupon's stock against it before
     * submit), in the caller's transaction; null when the corp has no such pool.
     */
    codePool: async (tx: PortTx, corpId: string, listId: string) => {
      const lab = own('campaign-lab', tx);
      const list = await repo.listOf(lab, corpId, listId);
      if (list?.kind !== 'codes') return null;
      return { rows: list.rows, free: await codes.freeCodes(lab, corpId, listId) };
    },
    /** The pool's next code for an award, a step of the award's transaction (ADR 0390). */
    takeCode: (x: TxExec, a: { corpId: string; listId: string; awardId: string; now: number }) => codes.takeCode(x, a),
    codeOf: (x: TxExec, corpId: string, awardId: string) => codes.codeOf(x, corpId, awardId),
    giveBack: (x: TxExec, corpId: string, awardId: string) => codes.giveBack(x, corpId, awardId),
  };
}
