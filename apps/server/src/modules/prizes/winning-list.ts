import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { PrizesDeps } from './deps';
import { mine } from './mine';

/** The customer's own prizes of one activity. */
export async function winningList(deps: PrizesDeps, corp: Corp, user: RequestUser, actId: string) {
  return { actId, winnerList: await mine(deps, corp.id, user.id, { actId }) };
}
