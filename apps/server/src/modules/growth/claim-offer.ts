import { maskMobile, type OfferClaim } from '@campaign/contract';
import { type Step, type TxExec, transact } from '../../db/tx';
import type { RiskHold } from '../../platform/award-ports';
import { AppError } from '../../platform/errors';
import type { RiskVerdict } from '../../platform/risk-port';
import type { RequestUser } from '../../platform/session';
import { paceOf } from '../../platform/stock-pace';
import type { StockPace } from '../../platform/stock-port';
import type { Corp } from '../../platform/tenancy';
import type { GrowthServiceDeps } from './deps';
import { assertLive, claimView, gate, offerActivity } from './offer-gate';
import type { OfferPrizesPort } from './ports';
import * as repo from './repo';
import { holdOf, judged } from './risk-check';

/**
 * Claimed once per customer: the claim row's key decides between simultaneous claims, and the gift's
 * stock and award are taken in the same transaction, so a refused or lost claim leaves nothing behind.
 */
export async function claimOffer(
  deps: GrowthServiceDeps,
  corp: Corp,
  user: RequestUser,
  actId: string,
  ip = '',
): Promise<{ claim: OfferClaim; replayed: boolean }> {
  const act = await offerActivity(deps, corp, actId);
  const before = await claimView(deps, corp, user, act);
  if (before) return { claim: before, replayed: true };
  assertLive(act);
  const g = await gate(deps, corp, user, act);
  if (g.blocked) throw new AppError('OFFER_NOT_ELIGIBLE');
  const now = deps.clock();
  const gift = {
    id: g.gift.id,
    name: g.gift.name,
    kind: g.gift.kind,
    points: g.gift.points,
    valueCents: g.gift.value_cents,
    codePool: g.gift.code_pool,
  };
  const shown = { activityTitle: act.title, customer: maskMobile(user.mobile) };
  const pub = act.prizes.find((p) => p.id === gift.id);
  const pace = pub?.release && pub.totalStock !== null ? paceOf(pub.release, pub.totalStock, act, now) : null;
  const verdict = await judged(deps, corp, user, act.actId, ip, now);
  const hold = verdict?.action === 'hold' || verdict?.action === 'degrade' ? holdOf(verdict, ip) : undefined;
  const won = claimTx(deps, corp.id, act.actId, user.id, gift, shown, now, { hold, verdict }, pace);
  const fresh = await transact(deps.database, won);
  const after = await claimView(deps, corp, user, act);
  if (!after) throw new AppError('INTERNAL', 'offer claim not found after commit');
  return { claim: after, replayed: !fresh };
}

/** The claim transaction: the claim row first (its key decides), then stock, then the award. */
function claimTx(
  deps: GrowthServiceDeps,
  corpId: string,
  actId: string,
  userId: string,
  gift: Parameters<OfferPrizesPort['award']>[1]['prize'],
  shown: Parameters<OfferPrizesPort['award']>[1]['shown'],
  now: number,
  risk: { hold: RiskHold | undefined; verdict: RiskVerdict | undefined },
  pace: StockPace | null,
) {
  return function* (x: TxExec): Step<boolean> {
    const drawId = `offer:${corpId}:${actId}:${userId}`;
    const fresh = yield* repo.insertClaim(x, {
      corp_id: corpId,
      act_id: actId,
      user_id: userId,
      award_key: drawId,
      created_at: now,
    });
    // A concurrent claim got there first: nothing more is written, its claim is the answer.
    if (!fresh) return false;
    const took = pace
      ? yield* deps.catalogue.takePaced(x, corpId, actId, gift.id, pace)
      : yield* deps.catalogue.takeStock(x, corpId, actId, gift.id);
    // A paced gift with units still to come says when to come back (ADR 0063), never a bare "all taken".
    if (!took) throw new AppError(pace && laterUnits(pace) ? 'OFFER_PACED_OUT' : 'OFFER_SOLD_OUT');
    const award = yield* deps.prizes.award(x, {
      corpId,
      userId,
      actId,
      drawId,
      prize: gift,
      now,
      shown,
      ...(risk.hold ? { risk: risk.hold } : {}),
    });
    // The risk decision is stored with the claim it let through, in its transaction.
    if (risk.verdict && deps.risk) yield* deps.risk.record(x, risk.verdict, drawId, gift.valueCents ?? 0);
    if (!award) throw new AppError('OFFER_NOT_FOUND', 'the offer gives nothing');
    return true;
  };
}

/** Units the schedule has still to release: with rollover, those held back; without, each later period's. */
const laterUnits = (pace: StockPace) => (pace.kind === 'rollover' ? pace.floor > 0 : true);
