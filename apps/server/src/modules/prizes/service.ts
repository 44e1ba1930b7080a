import { maskMobile, type OrderState } from '@campaign/contract';
import { own, type PortTx } from '../../db/owners';
import type { Step, TxExec } from '../../db/tx';
import type { AwardHoldPort, AwardRequest } from '../../platform/award-ports';
import { couponState, couponValidUntil, orderState } from '../../platform/claim-states';
import { newSortableId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import { couponCode } from './coupon-code';
import { createHeldAwards } from './held';
import type { ActivityCataloguePort, CouponPort, OrderPort, StockReturnPort } from './ports';
import * as repo from './repo';

/** The ledger's reasons as the customer reads them. */
const POINTS_LABELS: Record<string, string> = {
  draw: '抽奖获得',
  season: '排位赛奖励',
  exchange: '积分兑换',
  adjust: '银行调整',
};

type MyPrizeRow = Awaited<ReturnType<typeof repo.myPrizes>>[number];

export function createPrizesService(
  deps: ServiceDeps<'prizes'> & {
    activities: ActivityCataloguePort;
    orders: OrderPort;
    coupons: CouponPort;
    /** Approvals: hold a prize above the corp's threshold (none: nothing is held). */
    holds?: AwardHoldPort;
    stock?: StockReturnPort;
  },
) {
  const db = deps.database.db;
  const { clock, activities, orders, coupons } = deps;

  /**
   * The prize list's row: a physical prize carries its order's state, a coupon its coupon state (both
   * derived with the clock, the same rules /orderConfirm and /coupon show).
   */
  function toMyPrize({ orderStatus, addressWindowDays, couponValidDays, ...p }: MyPrizeRow) {
    const now = clock();
    const orderStateNow: OrderState | null = orderStatus
      ? orderState({ status: orderStatus, created_at: p.createdAt, address_window_days: addressWindowDays }, now)
      : null;
    const coupon =
      p.kind === 'coupon' ? { status: p.status, created_at: p.createdAt, coupon_valid_days: couponValidDays } : null;
    return {
      ...p,
      orderState: orderStateNow,
      couponState: coupon ? couponState(coupon, now) : null,
      validUntil: coupon ? couponValidUntil(coupon) : null,
    };
  }
  async function mine(corpId: string, userId: string, filter: Parameters<typeof repo.myPrizes>[3]) {
    return (await repo.myPrizes(db, corpId, userId, filter)).map(toMyPrize);
  }

  return {
    ...createHeldAwards(deps),

    /**
     * Coupon: a CSPRNG code; points: credited to the ledger; physical: an order awaiting an address. A
     * step of the caller's transaction (the draw's): if anything after it fails, none of it stays.
     */
    *award(x: TxExec, a: AwardRequest): Step<repo.AwardRow | null> {
      const kind = a.prize.kind;
      if (kind === 'thanks') return null;
      const id = newSortableId();
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
        coupon_code: kind === 'coupon' ? couponCode(deps.randomBytes(18)) : null,
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
        yield* orders.createOrder(x, {
          id: row.order_id,
          corp_id: a.corpId,
          user_id: a.userId,
          award_id: row.id,
          created_at: a.now,
        });
      }
      return row;
    },

    /** The award a draw produced (for replaying an idempotent draw). */
    async awardOfDraw(corpId: string, drawId: string): Promise<repo.AwardRow | null> {
      return (await repo.getAwardByDraw(db, corpId, drawId)) ?? null;
    },

    async winningList(corp: Corp, user: RequestUser, actId: string) {
      return { actId, winnerList: await mine(corp.id, user.id, { actId }) };
    },

    async recentWinners(corp: Corp, actId: string) {
      await activities.visible(corp.id, actId);
      // Distinct winners, each with their latest prize; never an entry repeated to fill the ticker.
      const seen = new Set<string>();
      const rows = (await repo.recentWinners(db, corp.id, actId, 200))
        .filter((r) => !seen.has(r.user_id) && seen.add(r.user_id))
        .slice(0, 20);
      return {
        actId,
        winnerList: rows.map((r) => ({
          who: r.mobile ? maskMobile(r.mobile) : `用户${r.nuid.slice(-4)}`,
          prizeName: r.name,
          at: r.created_at,
        })),
      };
    },

    async consumeRate(corp: Corp, actId: string) {
      const act = await activities.visible(corp.id, actId);
      const issued = await repo.issuedCounts(db, corp.id, actId);
      return act.prizes
        .filter((p) => p.kind !== 'thanks')
        .map((p) => {
          const n = issued.get(p.id) ?? 0;
          return {
            prizeId: p.id,
            name: p.name,
            total: p.total_stock,
            issued: n,
            rate: p.total_stock ? n / p.total_stock : null,
          };
        });
    },

    /** The balance the customer sees on /pro1 and in 我的奖品: the sum of their points ledger. */
    async pointsBalance(corp: Corp, user: RequestUser) {
      const { balance, entries } = await repo.pointsOf(db, corp.id, user.id, 20);
      return {
        balance,
        entries: entries.map((e) => ({
          delta: e.delta,
          reason: e.reason,
          label: POINTS_LABELS[e.reason] ?? (e.delta >= 0 ? '积分增加' : '积分扣减'),
          at: e.created_at,
        })),
      };
    },

    async myPrizes(corp: Corp, user: RequestUser, status?: repo.AwardRow['status']) {
      return mine(corp.id, user.id, { status });
    },

    /**
     * The exchange the customer confirmed on screen: a coupon is used once (channel app), points are
     * marked exchanged, a physical prize needs an address and confirms its order (the snapshot is taken).
     */
    async exchange(corp: Corp, user: RequestUser, awardId: string, addNo: string | undefined, key: string) {
      const [award] = await mine(corp.id, user.id, { awardId });
      if (!award) throw new AppError('PRIZE_NOT_FOUND');
      // Held or declined by an approver: nothing to use (docs/decisions/0321-approvals.md).
      if (award.status === 'pending_approval') throw new AppError('PRIZE_PENDING_APPROVAL');
      if (award.status === 'declined') throw new AppError('PRIZE_DECLINED');
      if (award.kind === 'physical') {
        if (!addNo) throw new AppError('EXCHANGE_REFUSED');
        const order = await orders.orderOfAward(corp.id, user.id, awardId);
        if (!order) throw new AppError('PRIZE_NOT_FOUND');
        await orders.confirmOrder(corp, user, order.id, addNo);
      } else if (award.kind === 'coupon') {
        if (award.status !== 'exchanged') await coupons.useCoupon(corp, user, awardId, 'app', key);
      } else if (award.status !== 'exchanged') {
        await repo.setAwardStatus(db, corp.id, awardId, 'issued', 'exchanged', clock());
      }
      const [after] = await mine(corp.id, user.id, { awardId });
      if (!after) throw new AppError('PRIZE_NOT_FOUND');
      return after;
    },
  };
}
export type PrizesService = ReturnType<typeof createPrizesService>;

/**
 * The award's own changes that the orders and coupons modules ask for (their AwardExchangePort and
 * CouponUsePort): made before those services, which the prizes service then takes as its ports.
 */
export function createAwardMarks(deps: ServiceDeps<'prizes'>) {
  const db = deps.database.db;
  return {
    markExchanged: (tx: PortTx, corpId: string, awardId: string, now: number) =>
      repo.markExchanged(own('prizes', tx), corpId, awardId, now),
    markUsed: (
      tx: PortTx | null,
      corpId: string,
      userId: string | null,
      awardId: string,
      use: { channel: 'store' | 'online' | 'app'; key: string; now: number },
    ) => repo.markUsed(tx ? own('prizes', tx) : db, corpId, userId, awardId, use),
  };
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
