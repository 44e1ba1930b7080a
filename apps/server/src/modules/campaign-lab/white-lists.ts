import { own, type PortTx } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import * as repo from './repo';

/**
 * The lab's answer to the draw's question "is this customer on the campaign's white list" (activity's
 * WhiteListPort), and to the campaigns' "does this list exist": the lab owns the uploaded lists, the activity
 * keeps the list's id in its eligibility.
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
  };
}
