import type { PublicPrize } from '@campaign/contract';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import { type Corp, memberCgroups } from '../../platform/tenancy';
import type { ActivityContext } from './context';
import type { LoadedActivity } from './loaded';
import * as repo from './repo';
import { effectiveStatus } from './status';

// The steps the customers' reads share: a visible activity, its public prize table, its status, the
// checks before a draw.

/** Drafts do not exist for customers. */
export async function visibleActivity(
  { cache }: ActivityContext,
  corpId: string,
  actId: string,
): Promise<LoadedActivity> {
  const act = await cache.load(corpId, actId);
  if (!act || act.row.state === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
  return act;
}

export function publicPrizes({ drawRules }: ActivityContext, act: LoadedActivity): PublicPrize[] {
  const odds = new Map(drawRules.odds(act.terms).map((o) => [o.id, o]));
  return act.prizes.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    image: p.image,
    valueCents: p.value_cents,
    totalStock: p.total_stock,
    perUserCap: p.per_user_cap,
    unlockAfterDraws: p.unlock_after_draws,
    weight: p.weight,
    probability: odds.get(p.id)?.probability ?? 0,
    percentText: odds.get(p.id)?.percentText ?? '0.00%',
    consolation: p.consolation === 1,
    release: act.paced.get(p.id) ?? null,
  }));
}

export async function checkEligible(
  { db, whiteLists }: ActivityContext,
  corp: Corp,
  user: RequestUser,
  act: LoadedActivity,
) {
  const e = act.eligibility;
  if (e.whiteListOnly && !corp.whiteListed) throw new AppError('NOT_ELIGIBLE');
  if (e.blacklist.includes(user.nuid)) throw new AppError('NOT_ELIGIBLE');
  if (e.whiteList && !(await whiteLists.onList(corp.id, e.whiteList, user))) throw new AppError('NOT_ELIGIBLE');
  if (e.cgroupIds.length && (await memberCgroups(db, corp.id, user.id, e.cgroupIds)).length === 0) {
    throw new AppError('NOT_ELIGIBLE');
  }
  if (e.newCustomersSince !== null) {
    const joined = await repo.userCreatedAt(db, corp.id, user.id);
    if (joined === null || joined < e.newCustomersSince) throw new AppError('NOT_ELIGIBLE');
  }
}

/** What a customer sees: a corp whose kill switch is on shows every running activity as paused. */
export async function statusOf(
  { halts }: ActivityContext,
  corpId: string,
  row: Parameters<typeof effectiveStatus>[0],
  now: number,
) {
  const status = effectiveStatus(row, now);
  return status === 'live' && (await halts.halted(corpId)) ? 'paused' : status;
}

export async function assertOpen(ctx: ActivityContext, act: LoadedActivity, now: number) {
  const status = await statusOf(ctx, act.row.corp_id, act.row, now);
  if (status === 'scheduled') throw new AppError('ACTIVITY_NOT_STARTED');
  if (status === 'ended') throw new AppError('ACTIVITY_ENDED');
  if (status === 'paused') throw new AppError('ACTIVITY_PAUSED');
  if (status === 'draft') throw new AppError('ACTIVITY_NOT_FOUND');
}
