import { type DrawResult, maskMobile } from '@campaign/contract';
import type { Step, TxExec } from '../../db/tx';
import type { AwardRequest } from '../../platform/award-ports';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RequestUser } from '../../platform/session';
import { channelOf, type DrawCounted } from '../../platform/stats-port';
import { paceOf } from '../../platform/stock-pace';
import type { Corp } from '../../platform/tenancy';
import { chancesLeft, toResult } from './chances';
import type { DrawRequest, DrawServiceDeps } from './deps';
import { consolationPrizeId, drawOutcome } from './engine';
import type { DrawableActivity, DrawablePrize } from './ports';
import * as repo from './repo';

/**
 * One transaction: the customer's turn → an earlier draw under the key (then nothing else) → chances →
 * pick → conditional stock decrement → draw row → award (through prizes). The hot path: its steps below
 * are plain functions, so splitting it added no generator, allocation or query.
 */
export function* drawTx(
  deps: DrawServiceDeps,
  x: TxExec,
  corp: Corp,
  user: RequestUser,
  act: DrawableActivity,
  req: DrawRequest,
  requestHash: string,
): Step<DrawResult | { earlier: repo.DrawRow }> {
  const { stat, earlier } = yield* repo.startDraw(x, corp.id, act.row.id, user.id, req.idemKey);
  // Before any refusal: a retry of a draw that was made gets that draw, even with no chances left.
  if (earlier) return { earlier };
  const now = deps.clock();
  const c = chancesLeft(act, stat, now);
  if (c.left <= 0) throw new AppError('NO_CHANCES');
  const wins = act.hasCaps ? yield* repo.userWins(x, corp.id, act.row.id, user.id) : new Map<string, number>();
  const byId = act.byId;
  const consolationId = consolationPrizeId(act.terms);
  const drawIndex = c.total;
  const nonce = `d${drawIndex}`;
  const outcome = pick(act, user, wins, drawIndex, nonce);
  let awardedId = outcome.awardedPrizeId;
  let fallback: string | null = outcome.fallbackReason;
  // Degraded by the risk decision made before this draw: the published consolation prize, said on the proof.
  if (req.risk?.action === 'degrade' && awardedId !== consolationId) {
    awardedId = consolationId;
    fallback = 'risk-degrade';
  }
  const picked = byId.get(awardedId);
  if (picked && awardedId !== consolationId && picked.total_stock !== null) {
    // Sold out, nothing released yet (or lost the race for the last unit): the consolation prize, never an oversell.
    if (!(yield* takeUnit(deps, x, corp, act, awardedId, picked.total_stock, now))) {
      awardedId = consolationId;
      fallback = 'unavailable';
    }
  }
  const draw: repo.DrawRow = {
    id: newSortableId(),
    corp_id: corp.id,
    act_id: act.row.id,
    user_id: user.id,
    version: act.row.version,
    draw_index: drawIndex,
    nonce,
    idem_key: req.idemKey,
    request_hash: requestHash,
    picked_prize_id: outcome.pickedPrizeId,
    awarded_prize_id: awardedId,
    fallback_reason: fallback,
    roll_hex: outcome.rollHex,
    day: c.today,
    created_at: now,
  };
  yield* repo.recordDraw(x, draw, {
    draws_total: c.total + 1,
    draws_day: c.day + 1,
    extra_chances: stat?.extra_chances ?? 0,
  });
  const prize = byId.get(awardedId);
  const won = prize && prize.kind !== 'thanks' ? prize : null;
  const hold =
    req.risk?.action === 'hold'
      ? { decisionId: req.risk.decisionId, rules: req.risk.labels, device: req.deviceId, ip: req.ip }
      : undefined;
  const awarded = prize ? yield* deps.prizes.award(x, awardOf(corp, user, act, draw.id, prize, now, hold)) : null;
  // The risk decision is stored with the draw it let through (the proof names it; the report counts the value).
  if (req.risk && deps.risk) yield* deps.risk.record(x, req.risk, draw.id, won?.value_cents ?? 0);
  if (deps.counter) {
    const claimed = awarded?.status === 'issued';
    yield* deps.counter.counted(x, counted(corp, user, act, c.total === 0, won, now, claimed));
  }
  return toResult(act, draw, awarded, c.left - 1);
}

/** One unit of the drawn prize: from what its schedule has released when it is paced (ADR 0063). */
function* takeUnit(
  deps: DrawServiceDeps,
  x: TxExec,
  corp: Corp,
  act: DrawableActivity,
  prizeId: string,
  total: number,
  now: number,
): Step<boolean> {
  const paced = act.paced.size > 0 ? act.paced.get(prizeId) : undefined;
  if (!paced) return yield* deps.activities.takeStock(x, corp.id, act.row.id, prizeId);
  const w = { startsAt: act.row.starts_at, endsAt: act.row.ends_at };
  return yield* deps.activities.takePaced(x, corp.id, act.row.id, prizeId, paceOf(paced, total, w, now));
}

/** The engine's pick. Per-user caps are decided here; stock is decided once, by the conditional decrement. */
function pick(
  act: DrawableActivity,
  user: RequestUser,
  wins: ReadonlyMap<string, number>,
  drawIndex: number,
  nonce: string,
) {
  const byId = act.byId;
  return drawOutcome({
    prizes: act.terms,
    drawIndex,
    seedHex: act.row.seed,
    userId: user.id,
    drawNonce: nonce,
    isAvailable: (id) => {
      const p = byId.get(id);
      return p !== undefined && (p.per_user_cap === null || (wins.get(id) ?? 0) < p.per_user_cap);
    },
  });
}

/** The draw as the campaign's live numbers count it. */
function counted(
  corp: Corp,
  user: RequestUser,
  act: DrawableActivity,
  first: boolean,
  won: DrawablePrize | null,
  now: number,
  claimed: boolean,
): DrawCounted {
  return {
    corpId: corp.id,
    actId: act.row.id,
    at: now,
    channel: channelOf(user.loginMethod),
    first,
    prizeId: won?.id ?? null,
    valueCents: won?.value_cents ?? 0,
    claimed: won !== null && claimed,
  };
}

/** The award prizes writes for the drawn prize. */
function awardOf(
  corp: Corp,
  user: RequestUser,
  act: DrawableActivity,
  drawId: string,
  prize: DrawablePrize,
  now: number,
  risk?: AwardRequest['risk'],
): AwardRequest {
  return {
    corpId: corp.id,
    userId: user.id,
    actId: act.row.id,
    drawId,
    prize: {
      id: prize.id,
      name: prize.name,
      kind: prize.kind,
      points: prize.points,
      valueCents: prize.value_cents,
      codePool: prize.code_pool,
    },
    now,
    shown: { activityTitle: act.row.title, customer: maskMobile(user.mobile) || undefined },
    ...(risk ? { risk } : {}),
  };
}
