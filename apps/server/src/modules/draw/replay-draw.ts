import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { chancesLeft, toResult } from './chances';
import type { DrawServiceDeps } from './deps';
import * as repo from './repo';

/** The stored result of an earlier draw under this key, or null; another request under the key is 422. */
export async function replayDraw(
  deps: DrawServiceDeps,
  corp: Corp,
  user: RequestUser,
  idemKey: string,
  requestHash: string,
) {
  const first = await repo.findDrawByKey(deps.database, corp.id, user.id, idemKey);
  return first ? replayOf(deps, corp, user, first, requestHash) : null;
}

/** That earlier draw as it was told, with the chances the customer has now. */
export async function replayOf(
  deps: DrawServiceDeps,
  corp: Corp,
  user: RequestUser,
  first: repo.DrawRow,
  requestHash: string,
) {
  if (first.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
  const act = await deps.activities.load(corp.id, first.act_id);
  if (!act) throw new Error(`draw ${first.id} refers to a missing activity`);
  const stat = await repo.getStat(deps.database.db, corp.id, act.row.id, user.id);
  const chances = chancesLeft(act, stat, deps.clock()).left;
  return toResult(act, first, await deps.prizes.awardOfDraw(corp.id, first.id), chances);
}
