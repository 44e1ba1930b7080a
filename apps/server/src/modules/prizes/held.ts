import type { Updateable } from 'kysely';
import { handOver, type Own, own, type PortTx } from '../../db/owners';
import type { AwardTable } from '../../db/schema';
import { stepsIn } from '../../db/tx';
import type { CodePoolPort } from '../../platform/award-ports';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import { couponCode } from './coupon-code';
import type { OrderPort, StockReturnPort } from './ports';
import * as repo from './repo';

/** The request an approval decision hands over (structurally the approvals module's ApprovalSubject). */
export interface HeldAwardRequest {
  corpId: string;
  subject: string;
}

async function heldAward(tx: Own<'prizes'>, corpId: string, awardId: string) {
  const row = await tx
    .selectFrom('award')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('status', '=', 'pending_approval')
    .executeTakeFirst();
  if (!row) throw new AppError('PRIZE_NOT_FOUND');
  return row;
}

/** Moves a held award on, only while it is still held: of two decisions at once, one moves it. */
async function leavePending(tx: Own<'prizes'>, corpId: string, awardId: string, set: Updateable<AwardTable>) {
  const r = await tx
    .updateTable('award')
    .set(set)
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('status', '=', 'pending_approval')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new AppError('PRIZE_NOT_FOUND');
}

/**
 * A declined award held again, its unit taken from stock again, once (only a declined award moves). A coupon's
 * code went back to its pool and is not taken again: refused, as is a prize whose stock is gone.
 */
async function holdAgain(
  tx: Own<'prizes'>,
  stock: StockReturnPort | undefined,
  corpId: string,
  awardId: string,
  now: number,
) {
  const refuse = (zh: string) => new AppError('RISK_REVERSAL_REFUSED', { 'zh-CN': zh });
  const a = await tx
    .selectFrom('award')
    .selectAll()
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('status', '=', 'declined')
    .executeTakeFirst();
  if (!a) throw refuse('该奖品已不是退回状态，无法撤销');
  if (a.kind === 'coupon') throw refuse('券类奖品退回后券码已回到券池，无法撤销退回；如需补偿请人工补发');
  const took = (await stock?.takeStockIn?.(handOver(tx), corpId, a.act_id, a.prize_id)) ?? false;
  if (!took) throw refuse('该奖品库存已用完，无法撤销退回');
  const moved = await tx
    .updateTable('award')
    .set({ status: 'pending_approval', updated_at: now })
    .where('corp_id', '=', corpId)
    .where('id', '=', awardId)
    .where('status', '=', 'declined')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw refuse('该奖品已不是退回状态，无法撤销');
}

/**
 * A prize held for approval (docs/decisions/0321-approvals.md), released or declined inside the approval
 * decision's transaction. Released: it becomes what the draw would have made of it at once (a coupon code,
 * the points credited, an order awaiting the address whose window starts now). Declined: the customer sees
 * it declined, and the unit goes back to the prize's stock (it never left the bank).
 */
export function createHeldAwards(
  deps: ServiceDeps<'prizes'> & {
    orders: OrderPort;
    stock?: StockReturnPort;
    codePools?: CodePoolPort;
  },
) {
  /** The code a held coupon took from its pool when it was won (ADR 0390), if it took one. */
  const pooledCode = (tx: Own<'prizes'>, corpId: string, awardId: string) => {
    const pools = deps.codePools;
    return pools ? stepsIn(tx, (x) => pools.codeOf(x, corpId, awardId)) : null;
  };

  async function release(tx: Own<'prizes'>, corpId: string, awardId: string, now: number) {
    const a = await heldAward(tx, corpId, awardId);
    const code =
      a.kind === 'coupon' ? ((await pooledCode(tx, corpId, awardId)) ?? couponCode(deps.randomBytes(18))) : null;
    const orderId = a.kind === 'physical' ? newSortableId() : null;
    await leavePending(tx, corpId, awardId, {
      status: a.kind === 'physical' ? 'awaiting_address' : 'issued',
      coupon_code: code,
      order_id: orderId,
      updated_at: now,
    });
    await stepsIn(tx, function* (x) {
      if (a.points !== null) {
        const ledger = { corp_id: corpId, user_id: a.user_id, delta: a.points, reason: 'draw', ref: a.draw_id };
        yield* repo.creditPoints(x, { ...ledger, created_at: now });
      }
      if (orderId !== null) {
        yield* deps.orders.createOrder(x, {
          id: orderId,
          corp_id: corpId,
          user_id: a.user_id,
          award_id: a.id,
          created_at: now,
        });
      }
    });
  }

  async function decline(tx: Own<'prizes'>, corpId: string, awardId: string, now: number) {
    const a = await heldAward(tx, corpId, awardId);
    await leavePending(tx, corpId, awardId, { status: 'declined', updated_at: now });
    await deps.stock?.returnStock(handOver(tx), corpId, a.act_id, a.prize_id);
    const pools = deps.codePools;
    if (pools && a.kind === 'coupon') await stepsIn(tx, (x) => pools.giveBack(x, corpId, awardId));
  }

  /** A declined prize given after all (a reviewer's return reversed, ADR 0393): held again, then released. */
  async function regive(tx: Own<'prizes'>, corpId: string, awardId: string, now: number) {
    await holdAgain(tx, deps.stock, corpId, awardId, now);
    await release(tx, corpId, awardId, now);
  }

  return {
    /** A reviewer's return reversed (the risk module's `risk-reversal` effect, wired in services-risk.ts). */
    regive: (tx: PortTx, corpId: string, awardId: string, now: number) =>
      regive(own('prizes', tx), corpId, awardId, now),
    /** The approvals effect of kind 'prize-award' (registered in services.ts). */
    heldAwardEffect: {
      approved: (tx: PortTx, req: HeldAwardRequest, _by: string, now: number) =>
        release(own('prizes', tx), req.corpId, req.subject, now),
      rejected: (tx: PortTx, req: HeldAwardRequest, _by: string, now: number) =>
        decline(own('prizes', tx), req.corpId, req.subject, now),
    },
  };
}
