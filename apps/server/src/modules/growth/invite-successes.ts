import { type InviteSuccess, maskMobile } from '@campaign/contract';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { GrowthServiceDeps } from './deps';
import { inviteActivity } from './offer-gate';
import * as repo from './repo';

/** The invites of this customer that counted, the invitees masked. */
export async function inviteSuccesses(
  deps: GrowthServiceDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
): Promise<InviteSuccess> {
  const { act } = await inviteActivity(deps, corp, actId);
  const db = deps.database.db;
  const [list, total] = await Promise.all([
    repo.invitesBy(db, corp.id, act.actId, user.id),
    repo.countInvitesBy(db, corp.id, act.actId, user.id),
  ]);
  return {
    total,
    list: list.map((r) => ({
      inviteeMasked: r.mobile ? maskMobile(r.mobile) : `${r.nuid.slice(0, 3)}****`,
      countedAt: Number(r.created_at),
    })),
  };
}
