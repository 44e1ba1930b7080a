import type { Step, TxExec } from '../../db/tx';
import { transact } from '../../db/tx';
import type { RiskHold } from '../../platform/award-ports';
import { AppError } from '../../platform/errors';
import type { RiskEnginePort, RiskVerdict } from '../../platform/risk-port';
import type { ServiceDeps } from '../../platform/services';
import type { seasonBasics } from './basics';
import type { SeasonActivity, SeasonCataloguePort, SeasonPrizesPort } from './ports';
import * as repo from './repo';
import { judgeCustomers } from './risk-check';

type SettleDeps = ServiceDeps<'season'> & {
  activities: SeasonCataloguePort;
  prizes: SeasonPrizesPort;
  risk?: RiskEnginePort;
};
type Prize = SeasonActivity['prizes'][number];
/** What a settlement did: awards made (held ones among them), winners the risk engine refused. */
export type Settled =
  | { settled: false; awarded: 0 }
  | { settled: true; awarded: number; held: number; blocked: number };

/**
 * Awards the rank bands once the season has ended: the first run claims the season (a conditional update)
 * and writes every award in the same transaction; a second run, or one at the same moment, awards nothing.
 * A risk-checked season's winners are judged first (ADR 0060): a blocked winner gets nothing (no award, no
 * unit, no result; the next rank is not promoted), a held one's award waits for a reviewer like a held draw's;
 * every decision is recorded in the settlement's transaction, or not at all.
 */
export async function settleSeason(
  deps: SettleDeps,
  basics: ReturnType<typeof seasonBasics>,
  corpId: string,
  actId: string,
): Promise<Settled> {
  const s = await basics.season(corpId, actId);
  const now = deps.clock();
  if (now < s.ends_at) throw new AppError('SEASON_NOT_ENDED');
  if (s.settled_at !== null) return { settled: false, awarded: 0 };
  const act = await deps.activities.visible(corpId, actId);
  const byId = new Map(act.prizes.map((p) => [p.id, p]));
  const bands = [...s.bands].sort((a, b) => a.from - b.from);
  const last = bands.at(-1)?.to ?? 0;
  const prizeOf = (rank: number) => {
    const band = bands.find((b) => rank >= b.from && rank <= b.to);
    return (band && byId.get(band.prize)) || undefined;
  };
  // An ended season's scores no longer move (every credit refuses after the end): the winners read here are
  // those the transaction awards, and a winner it finds unjudged undoes the settlement rather than skip the engine.
  const verdicts = await judgeWinners(deps, act, corpId, actId, last, prizeOf, now);
  return transact(deps.database, function* (x): Step<Settled> {
    if (!(yield* repo.markSettled(x, corpId, actId, now))) return { settled: false, awarded: 0 };
    const winners = yield* repo.winners(x, corpId, actId, last);
    const done = { settled: true as const, awarded: 0, held: 0, blocked: 0 };
    for (const [i, w] of winners.entries()) {
      const prize = prizeOf(i + 1);
      if (!prize) continue;
      const verdict = verdicts?.get(w.user_id);
      if (verdicts && !verdict) throw new AppError('INTERNAL', 'the ranking moved while its winners were judged');
      const drawId = `season:${corpId}:${actId}:${w.user_id}`;
      if (verdict && deps.risk) yield* deps.risk.record(x, verdict, drawId, prize.value_cents);
      if (verdict?.action === 'block') {
        done.blocked++;
        continue;
      }
      const hold = verdict && verdict.action !== 'allow' ? holdOf(verdict) : undefined;
      const who = { corpId, actId, userId: w.user_id, drawId, title: act.row.title };
      const awarded = yield* awardBand(deps, x, { ...who, prize, now, hold });
      if (!awarded) continue;
      yield* repo.insertResult(x, {
        corp_id: corpId,
        act_id: actId,
        user_id: w.user_id,
        rank: i + 1,
        score: Number(w.score),
        prize_id: prize.id,
        award_id: awarded.awardId,
        created_at: now,
      });
      done.awarded++;
      if (hold) done.held++;
    }
    return done;
  });
}

/** The winners who would get a prize, judged together; undefined when the season is not risk-checked. */
async function judgeWinners(
  deps: SettleDeps,
  act: SeasonActivity,
  corpId: string,
  actId: string,
  last: number,
  prizeOf: (rank: number) => Prize | undefined,
  now: number,
) {
  const { risk } = deps;
  if (!risk || !act.riskChecked) return undefined;
  const ranked = await repo.winnersNow(deps.database, corpId, actId, last);
  const userIds = ranked.filter((_, i) => prizeOf(i + 1)).map((w) => w.user_id);
  return judgeCustomers({ database: deps.database, risk }, corpId, actId, userIds, now, act.riskFailPolicy);
}

/**
 * A held winner (hold, or a step-up or degrade: the winner is not there to sign in again, and a band has no
 * consolation) waits for a reviewer, as a held draw does; no address or device is known at a settlement.
 */
const holdOf = (v: RiskVerdict): RiskHold => ({ decisionId: v.decisionId, rules: v.labels, device: null, ip: '' });

/**
 * A band's prize comes out of its stock like a drawn one: what is left stays true. The campaign file cannot give
 * a band more ranks than stock (cli/definition.ts); should a restock have made it short, the rank past the last
 * unit gets nothing rather than a unit that is not there (null).
 */
function* awardBand(
  deps: SettleDeps,
  x: TxExec,
  a: {
    corpId: string;
    actId: string;
    userId: string;
    drawId: string;
    title: string;
    prize: Prize;
    now: number;
    hold?: RiskHold | undefined;
  },
): Step<{ awardId: string | null } | null> {
  const { prize } = a;
  if (prize.total_stock !== null && !(yield* deps.activities.takeStock(x, a.corpId, a.actId, prize.id))) return null;
  const award = yield* deps.prizes.award(x, {
    corpId: a.corpId,
    userId: a.userId,
    actId: a.actId,
    drawId: a.drawId,
    prize: {
      id: prize.id,
      kind: prize.kind,
      points: prize.points,
      codePool: prize.code_pool,
      // What a reviewer sees of a held one (and only then: a band's prize is not held for its value).
      ...(a.hold ? { name: prize.name, valueCents: prize.value_cents } : {}),
    },
    now: a.now,
    ...(a.hold ? { risk: a.hold, shown: { activityTitle: a.title } } : {}),
  });
  return { awardId: award?.id ?? null };
}
