import type { Step, TxExec } from '../../db/tx';
import type { AwardRequest } from '../../platform/award-ports';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { couponCode } from './coupon-code';
import type { PrizesDeps } from './deps';
import * as repo from './repo';

/**
 * Coupon: the next code of its uploaded pool (ADR 0390) or a CSPRNG code; points: credited to the ledger;
 * physical: an order awaiting an address. A step of the caller's transaction (the draw's): if anything after it
 * fails, none of it stays (a pool's code included).
 */
export function* award(deps: PrizesDeps, x: TxExec, a: AwardRequest): Step<repo.AwardRow | null> {
  const kind = a.prize.kind;
  if (kind === 'thanks') return null;
  const id = newSortableId();
  // A pooled code is taken now, held or not: a held prize keeps its code (unseen) until it is released, and a
  // declined one gives it back with its unit of stock (held.ts).
  const pooled = kind === 'coupon' && a.prize.codePool ? yield* pooledCode(deps, x, a, a.prize.codePool, id) : null;
  const held =
    deps.holds !== undefined &&
    (yield* deps.holds.holdPrize(x, {
      corpId: a.corpId,
      awardId: id,
      userId: a.userId,
      actId: a.actId,
      prizeId: a.prize.id,
      prizeName: a.prize.name ?? a.prize.id,
      valueCents: a.prize.valueCents ?? 0,
      now: a.now,
      shown: a.shown,
      ...(a.risk ? { risk: a.risk } : {}),
    }));
  // A held prize is nothing yet: no code, no points, no order until an approver releases it (held.ts).
  if (held) {
    const pending: repo.AwardRow = {
      ...emptyAward(a, id, kind),
      status: 'pending_approval',
      points: kind === 'points' ? (a.prize.points ?? 0) : null,
    };
    yield* repo.insertAward(x, pending);
    return pending;
  }
  const row: repo.AwardRow = {
    ...emptyAward(a, id, kind),
    status: kind === 'physical' ? 'awaiting_address' : 'issued',
    coupon_code: kind === 'coupon' ? (pooled ?? couponCode(deps.randomBytes(18))) : null,
    points: kind === 'points' ? (a.prize.points ?? 0) : null,
    order_id: kind === 'physical' ? newSortableId() : null,
  };
  yield* repo.insertAward(x, row);
  if (row.points !== null) {
    yield* repo.creditPoints(x, {
      corp_id: a.corpId,
      user_id: a.userId,
      delta: row.points,
      reason: 'draw',
      ref: a.drawId,
      created_at: a.now,
    });
  }
  if (row.order_id !== null) {
    yield* deps.orders.createOrder(x, {
      id: row.order_id,
      corp_id: a.corpId,
      user_id: a.userId,
      award_id: row.id,
      created_at: a.now,
    });
  }
  return row;
}

/** The pool's next code for this award; none left (its stock outran its codes) refuses the award whole. */
function* pooledCode(deps: PrizesDeps, x: TxExec, a: AwardRequest, listId: string, awardId: string): Step<string> {
  if (!deps.codePools) throw new Error('a prize names a code pool, but no code pools are wired');
  const code = yield* deps.codePools.takeCode(x, { corpId: a.corpId, listId, awardId, now: a.now });
  if (code === null) throw new AppError('CODE_POOL_EMPTY');
  return code;
}

/** An award row of this draw with nothing issued yet (no code, points or order). */
function emptyAward(a: AwardRequest, id: string, kind: repo.AwardRow['kind']): repo.AwardRow {
  return {
    id,
    corp_id: a.corpId,
    act_id: a.actId,
    draw_id: a.drawId,
    user_id: a.userId,
    prize_id: a.prize.id,
    kind,
    status: 'issued',
    coupon_code: null,
    points: null,
    order_id: null,
    created_at: a.now,
    updated_at: a.now,
  };
}
