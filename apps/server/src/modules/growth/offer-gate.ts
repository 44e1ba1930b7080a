import { type ActivityDetail, isOfferType, type OfferBlock, type OfferClaim, type OfferType } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import { type Corp, memberCgroups } from '../../platform/tenancy';
import type { GrowthServiceDeps } from './deps';
import * as repo from './repo';

export type OfferActivity = ActivityDetail & { type: OfferType };

/** The offer activity (not a game): anything else is "no such offer". */
export async function offerActivity(deps: GrowthServiceDeps, corp: Corp, actId: string): Promise<OfferActivity> {
  let d: ActivityDetail;
  try {
    d = await deps.catalogue.detail(corp, actId);
  } catch (e) {
    if (e instanceof AppError && e.errorName === 'ACTIVITY_NOT_FOUND') throw new AppError('OFFER_NOT_FOUND');
    throw e;
  }
  const { type } = d;
  if (!isOfferType(type)) throw new AppError('OFFER_NOT_FOUND');
  return { ...d, type };
}

/** Since when a customer counts as new for this offer (ADR 0201). */
function newSince(act: ActivityDetail, since: number | null): number {
  return act.type === 'newCustomer' && since !== null ? since : act.startsAt;
}

/**
 * The gate every growth screen and call shares (spec §6): the corp must be on the white list, the
 * customer in one of the activity's customer groups (when it names some) and new by join date.
 */
export async function gate(deps: GrowthServiceDeps, corp: Corp, user: RequestUser, act: OfferActivity) {
  const { catalogue } = deps;
  const stored = await catalogue.visible(corp.id, act.actId);
  const e = stored.eligibility;
  const { joinedAt: joined } = await catalogue.joinDate(corp, user, act.actId);
  const since = newSince(act, e.newCustomersSince);
  let blocked: OfferBlock | null = null;
  if (!corp.whiteListed) blocked = 'corp';
  else if (e.blacklist.includes(user.nuid)) blocked = 'cgroup';
  else if (e.cgroupIds.length && (await memberCgroups(deps.database.db, corp.id, user.id, e.cgroupIds)).length === 0)
    blocked = 'cgroup';
  else if (joined < since) blocked = act.type === 'newCustomer' ? 'not-new' : 'not-first-use';
  const gift = stored.prizes.find((p) => p.consolation !== 1 && p.kind !== 'thanks');
  if (!gift) throw new AppError('OFFER_NOT_FOUND');
  return { blocked, joined, since, gift };
}

export function assertLive(act: ActivityDetail) {
  if (act.status === 'scheduled') throw new AppError('ACTIVITY_NOT_STARTED');
  if (act.status === 'ended') throw new AppError('ACTIVITY_ENDED');
  if (act.status === 'paused') throw new AppError('ACTIVITY_PAUSED');
  if (act.status !== 'live') throw new AppError('OFFER_NOT_FOUND');
}

/** The customer's claim of this offer, if they made one. */
export async function claimView(
  deps: GrowthServiceDeps,
  corp: Corp,
  user: RequestUser,
  act: ActivityDetail,
): Promise<OfferClaim | null> {
  const c = await repo.claimOf(deps.database.db, corp.id, act.actId, user.id);
  if (!c) return null;
  return {
    awardId: c.award_id,
    claimedAt: Number(c.created_at),
    prizeName: act.prizes.find((p) => p.id === c.prize_id)?.name ?? '',
    couponCode: c.coupon_code,
    status: c.status,
  };
}

/** The offer an invite task belongs to, with its invite setup. */
export async function inviteActivity(deps: GrowthServiceDeps, corp: Corp, actId: string) {
  const act = await offerActivity(deps, corp, actId);
  const setup = await repo.setup(deps.database.db, corp.id, act.actId);
  if (!setup) throw new AppError('INVITE_NOT_SET_UP');
  return { act, setup };
}

/** The inviter's gate: the corp and customer-group rules (an inviter need not be new). */
export async function inviterBlock(deps: GrowthServiceDeps, corp: Corp, user: RequestUser, act: OfferActivity) {
  const g = await gate(deps, corp, user, act);
  return g.blocked === 'not-new' || g.blocked === 'not-first-use' ? null : g.blocked;
}
