import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { PrizesDeps } from './deps';
import { mine } from './mine';
import type * as repo from './repo';

/** 我的奖品: the customer's prizes, optionally of one status. */
export async function myPrizes(deps: PrizesDeps, corp: Corp, user: RequestUser, status?: repo.AwardRow['status']) {
  return mine(deps, corp.id, user.id, { status });
}
