import type { TxExec } from '../../db/tx';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { seasonBasics } from './basics';
import { countDraw } from './count-draw';
import { creditInvite } from './credit-invite';
import type { SeasonDeps, SeasonServiceDeps } from './deps';
import { finishVisit } from './finish-visit';
import { seasonHome } from './season-home';
import { seasonPrizes } from './season-prizes';
import { seasonRank } from './season-rank';
import { seasonTasks } from './season-tasks';
import { signInTask } from './sign-in-task';
import { startVisit } from './start-visit';

/** The season module by use case, one file each: the customer's screens and tasks, and the credits others cause. */
export function createSeasonService(serviceDeps: SeasonServiceDeps) {
  const deps: SeasonDeps = {
    ...serviceDeps,
    basics: seasonBasics(serviceDeps),
    // Which season tasks a draw feeds is read on every draw and changes only when a campaign is imported:
    // kept briefly, like the activity definitions (modules/activity, ADR 0052). Never the points themselves.
    drawTasks: { ttl: serviceDeps.config.env === 'test' ? 0 : 1_000, cache: new Map() },
  };
  return {
    standing: deps.basics.standing,
    home: (corp: Corp, user: RequestUser, actId: string) => seasonHome(deps, corp, user, actId),
    rank: (corp: Corp, user: RequestUser, actId: string) => seasonRank(deps, corp, user, actId),
    tasks: (corp: Corp, user: RequestUser, actId: string) => seasonTasks(deps, corp, user, actId),
    signIn: (corp: Corp, user: RequestUser, actId: string, taskId: string, ip?: string) =>
      signInTask(deps, corp, user, actId, taskId, ip),
    visitStart: (corp: Corp, user: RequestUser, actId: string, taskId: string) =>
      startVisit(deps, corp, user, actId, taskId),
    visitFinish: (corp: Corp, user: RequestUser, actId: string, taskId: string, token: string, ip?: string) =>
      finishVisit(deps, corp, user, actId, taskId, token, ip),
    prizeList: (corp: Corp, user: RequestUser, actId: string) => seasonPrizes(deps, corp, user, actId),
    drawCounted: (x: TxExec, a: Parameters<typeof countDraw>[2]) => countDraw(deps, x, a),
    inviteCounted: (corpId: string, inviterUserId: string, inviteeUserId: string, at: number) =>
      creditInvite(deps, corpId, inviterUserId, inviteeUserId, at),
  };
}
export type SeasonService = ReturnType<typeof createSeasonService>;
