import { AppError } from '../../platform/errors';
import { seasonBasics } from './basics';
import type { SeasonServiceDeps } from './deps';
import { settleSeason } from './settle-season';

/** What operators and the demo do to a season (the CLI): settle it once it has ended, credit a task as of a time. */
export function createSeasonOperations(deps: SeasonServiceDeps) {
  const basics = seasonBasics(deps);
  return {
    /** Awards the rank bands once the season has ended, once; a risk-checked season's winners judged (ADR 0060). */
    settle: (corpId: string, actId: string) => settleSeason(deps, basics, corpId, actId),

    /** Demo and tests: credit a task as of `at` (seeded participants earn their points through the ledger). */
    async creditAt(corpId: string, actId: string, userId: string, taskId: string, at: number) {
      const s = await basics.season(corpId, actId);
      const t = s.tasks.find((x) => x.id === taskId);
      if (!t) throw new AppError('SEASON_TASK_NOT_FOUND');
      const more = t.period === 'perInvitee' ? { inviteeId: `seed-${at}` } : {};
      return basics.creditTask(corpId, actId, userId, t, at, more);
    },
  };
}
export type SeasonOperations = ReturnType<typeof createSeasonOperations>;
