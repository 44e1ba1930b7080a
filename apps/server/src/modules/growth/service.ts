import { createHmac, randomBytes } from 'node:crypto';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { acceptInvite } from './accept-invite';
import { claimOffer } from './claim-offer';
import type { GrowthDeps, GrowthServiceDeps } from './deps';
import { makeInviteLink } from './invite-link';
import { inviteSuccesses } from './invite-successes';
import { inviteTask } from './invite-task';
import { showOffer } from './show-offer';

export { invitePath, isOwnOrigin } from './invite-link';

/** The growth module by use case, one file each: the offer and its claim, and invites. */
export function createGrowthService(serviceDeps: GrowthServiceDeps) {
  // Invite links are signed with a key derived from the server's key (one key for every worker and node).
  const inviteKey = createHmac('sha256', serviceDeps.config.encryptionKey ?? randomBytes(32))
    .update('campaign-h5 invite links v1')
    .digest();
  const deps: GrowthDeps = { ...serviceDeps, inviteKey };
  return {
    offer: (corp: Corp, user: RequestUser, actId: string) => showOffer(deps, corp, user, actId),
    claim: (corp: Corp, user: RequestUser, actId: string, ip = '') => claimOffer(deps, corp, user, actId, ip),
    inviteTask: (corp: Corp, user: RequestUser, actId: string) => inviteTask(deps, corp, user, actId),
    inviteLink: (corp: Corp, user: RequestUser, actId: string, origin: string, serving: string) =>
      makeInviteLink(deps, corp, user, actId, origin, serving),
    acceptInvite: (corp: Corp, user: RequestUser, token: string, ip = '') => acceptInvite(deps, corp, user, token, ip),
    inviteSuccess: (corp: Corp, user: RequestUser, actId: string) => inviteSuccesses(deps, corp, user, actId),
  };
}
export type GrowthService = ReturnType<typeof createGrowthService>;
