import { own } from '../../db/owners';
import type { ServiceDeps } from '../../platform/services';
import * as repo from './repo';

/**
 * The lab's answer to the draw's question "is this customer on the campaign's white list" (activity's
 * WhiteListPort): the lab owns the uploaded lists, the activity keeps the list's id in its eligibility.
 */
export function createWhiteLists(deps: ServiceDeps<'campaign-lab'>) {
  return {
    onList: (corpId: string, listId: string, who: { nuid: string; mobile: string | null }) =>
      repo.onList(own('campaign-lab', deps.database.db), corpId, listId, who),
  };
}
