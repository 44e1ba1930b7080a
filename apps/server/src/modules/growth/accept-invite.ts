import { campaignDay } from '@campaign/contract/china-time';
import { transact } from '../../db/tx';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { GrowthDeps } from './deps';
import { openInvite } from './invite-token';
import { assertLive, gate, inviteActivity } from './offer-gate';
import * as repo from './repo';
import { judged } from './risk-check';

/**
 * The invitee, logged in, presents the token of the link they opened. Counted when the link is this
 * corp's, signed and unexpired, not their own, the invitee new by join date, nobody invited them before
 * and the inviter is below both caps — all in one transaction (key + conditional tallies).
 */
export async function acceptInvite(
  deps: GrowthDeps,
  corp: Corp,
  user: RequestUser,
  token: string,
  ip = '',
): Promise<{ actId: string; counted: boolean }> {
  const db = deps.database.db;
  const c = openInvite(deps.inviteKey, token);
  if (!c || c.corpId !== corp.id) throw new AppError('INVITE_LINK_INVALID');
  const now = deps.clock();
  if (now >= c.expiresAt) throw new AppError('INVITE_LINK_EXPIRED');
  if (c.inviterId === user.id) throw new AppError('INVITE_SELF');
  const { act, setup } = await inviteActivity(deps, corp, c.actId);
  assertLive(act);
  const g = await gate(deps, corp, user, act);
  if (g.blocked === 'corp' || g.blocked === 'cgroup') throw new AppError('OFFER_NOT_ELIGIBLE');
  if (g.blocked) throw new AppError('INVITE_NOT_NEW');
  const existing = await repo.inviterOf(db, corp.id, act.actId, user.id);
  if (existing) {
    if (existing === c.inviterId) return { actId: act.actId, counted: false };
    throw new AppError('INVITE_TAKEN');
  }
  // A risk-checked invite counts only when the engine allows it (a farm's invite chain is the usual target).
  const verdict = await judged(deps, corp, user, act.actId, ip, now, c.inviterId);
  if (verdict) await deps.risk?.store(verdict);
  if (verdict && verdict.action !== 'allow' && verdict.action !== 'step_up') throw new AppError('RISK_REFUSED');
  const key = { corp: corp.id, act: act.actId, inviter: c.inviterId };
  const counted = await transact(deps.database, function* (x) {
    const row = { corp_id: corp.id, act_id: act.actId, invitee_id: user.id, inviter_id: c.inviterId };
    if (!(yield* repo.insertInvite(x, { ...row, day: campaignDay(now), created_at: now }))) return false;
    if (!(yield* repo.bumpTally(x, { ...key, period: campaignDay(now) }, setup.per_day)))
      throw new AppError('INVITE_CAP');
    if (!(yield* repo.bumpTally(x, { ...key, period: 'season' }, setup.per_season))) throw new AppError('INVITE_CAP');
    return true;
  });
  if (!counted) {
    // Someone else's link won the race for this invitee (or this one, arriving twice).
    const winner = await repo.inviterOf(db, corp.id, act.actId, user.id);
    if (winner !== c.inviterId) throw new AppError('INVITE_TAKEN');
    return { actId: act.actId, counted: false };
  }
  try {
    await deps.inviteTasks?.inviteCounted(corp.id, c.inviterId, user.id, now);
  } catch (err) {
    deps.log.error({ err, corpId: corp.id, actId: act.actId }, 'the season was not told of a counted invite');
  }
  return { actId: act.actId, counted: true };
}
