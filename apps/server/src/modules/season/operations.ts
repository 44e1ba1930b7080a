import { transact } from '../../db/tx';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { seasonBasics } from './basics';
import type { SeasonCataloguePort, SeasonPrizesPort } from './ports';
import * as repo from './repo';

/** What operators and the demo do to a season (the CLI): settle it once it has ended, credit a task as of a time. */
export function createSeasonOperations(
  deps: ServiceDeps<'season'> & { activities: SeasonCataloguePort; prizes: SeasonPrizesPort },
) {
  const { database, clock, activities, prizes } = deps;
  const { season, creditTask } = seasonBasics(deps);
  return {
    /**
     * Awards the rank bands once the season has ended: the first run claims the season (a conditional update)
     * and writes every award in the same transaction; a second run, or one at the same moment, awards nothing.
     */
    async settle(corpId: string, actId: string) {
      const s = await season(corpId, actId);
      const now = clock();
      if (now < s.ends_at) throw new AppError('SEASON_NOT_ENDED');
      const act = await activities.visible(corpId, actId);
      const byId = new Map(act.prizes.map((p) => [p.id, p]));
      const bands = [...s.bands].sort((a, b) => a.from - b.from);
      const last = bands.at(-1)?.to ?? 0;
      return transact(database, function* (x) {
        if (!(yield* repo.markSettled(x, corpId, actId, now))) return { settled: false, awarded: 0 };
        const winners = yield* repo.winners(x, corpId, actId, last);
        let awarded = 0;
        for (const [i, w] of winners.entries()) {
          const rank = i + 1;
          const band = bands.find((b) => rank >= b.from && rank <= b.to);
          const prize = band && byId.get(band.prize);
          if (!prize) continue;
          // A band's prize comes out of its stock like a drawn one: what is left stays true. The campaign
          // file cannot give a band more ranks than stock (cli/definition.ts); should a restock have made
          // it short, the rank past the last unit gets nothing rather than a unit that is not there.
          if (prize.total_stock !== null && !(yield* activities.takeStock(x, corpId, actId, prize.id))) continue;
          const award = yield* prizes.award(x, {
            corpId,
            userId: w.user_id,
            actId,
            drawId: `season:${corpId}:${actId}:${w.user_id}`,
            prize: { id: prize.id, kind: prize.kind, points: prize.points, codePool: prize.code_pool },
            now,
          });
          yield* repo.insertResult(x, {
            corp_id: corpId,
            act_id: actId,
            user_id: w.user_id,
            rank,
            score: Number(w.score),
            prize_id: prize.id,
            award_id: award?.id ?? null,
            created_at: now,
          });
          awarded++;
        }
        return { settled: true, awarded };
      });
    },

    /** Demo and tests: credit a task as of `at` (seeded participants earn their points through the ledger). */
    async creditAt(corpId: string, actId: string, userId: string, taskId: string, at: number) {
      const s = await season(corpId, actId);
      const t = s.tasks.find((x) => x.id === taskId);
      if (!t) throw new AppError('SEASON_TASK_NOT_FOUND');
      return creditTask(corpId, actId, userId, t, at, t.period === 'perInvitee' ? `seed-${at}` : undefined);
    },
  };
}
export type SeasonOperations = ReturnType<typeof createSeasonOperations>;
