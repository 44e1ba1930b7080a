import type { InviteTask } from '@campaign/contract';
import { campaignDay } from '@campaign/contract/china-time';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { GrowthServiceDeps } from './deps';
import { inviteActivity, inviterBlock } from './offer-gate';
import * as repo from './repo';

/** The inviter's task: the caps and how many of their invites counted today and this season. */
export async function inviteTask(
  deps: GrowthServiceDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
): Promise<InviteTask> {
  const { act, setup } = await inviteActivity(deps, corp, actId);
  const day = campaignDay(deps.clock());
  const t = await repo.tallies(deps.database.db, corp.id, act.actId, user.id, [day, 'season']);
  return {
    actId: act.actId,
    perDay: setup.per_day,
    perSeason: setup.per_season,
    countedToday: t.get(day) ?? 0,
    countedSeason: t.get('season') ?? 0,
    linkTtlHours: setup.link_ttl_hours,
    endsAt: act.endsAt,
    blocked: await inviterBlock(deps, corp, user, act),
  };
}
