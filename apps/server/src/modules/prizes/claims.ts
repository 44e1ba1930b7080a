import {
  type AddressSnapshot,
  addressSnapshotSchema,
  type Coupon,
  type CouponState,
  type Order,
  type OrderState,
} from '@campaign/contract';
import QRCode from 'qrcode';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import * as repo from './claims-repo';
import type { AddressBookPort } from './ports';

/** An order waiting for an address past the activity's window is expired: evaluated on read, no timer. */
export function orderState(o: { status: OrderState; created_at: number; address_window_days: number }, now: number) {
  return o.status === 'awaiting_address' && now > repo.addressDeadline(o) ? 'expired' : o.status;
}

export function toOrder(o: repo.OrderRow, now: number): Order {
  const state = orderState(o, now);
  return {
    orderId: o.id,
    awardId: o.award_id,
    actId: o.act_id,
    activityTitle: o.activity_title,
    prizeName: o.prize_name,
    image: o.image,
    valueCents: o.value_cents,
    state,
    address: o.address_snapshot ? addressSnapshotSchema.parse(JSON.parse(o.address_snapshot)) : null,
    addressWindowDays: o.address_window_days,
    addressDeadline: o.status === 'awaiting_address' ? repo.addressDeadline(o) : null,
    trackingNo: o.tracking_no,
    createdAt: o.created_at,
    confirmedAt: o.confirmed_at,
    shippedAt: o.shipped_at,
    deliveredAt: o.delivered_at,
    closedAt: o.closed_at,
    paymentId: o.payment_id,
    paidCents: o.paid_cents,
    paidAt: o.paid_at,
    paymentFailedAt: o.payment_failed_at,
    refundedAt: o.refunded_at,
  };
}

export function couponState(
  c: Pick<repo.CouponRow, 'status' | 'created_at' | 'coupon_valid_days'>,
  now: number,
): CouponState {
  if (c.status === 'exchanged') return 'used';
  const until = repo.couponValidUntil(c);
  return until !== null && now > until ? 'expired' : 'unused';
}

export function toCoupon(c: repo.CouponRow, now: number): Coupon {
  return {
    couponId: c.id,
    actId: c.act_id,
    activityTitle: c.activity_title,
    prizeName: c.prize_name,
    image: c.image,
    valueCents: c.value_cents,
    code: c.coupon_code ?? '',
    state: couponState(c, now),
    issuedAt: c.created_at,
    validUntil: repo.couponValidUntil(c),
    usedAt: c.used_at,
    usedChannel: c.used_channel,
  };
}

/** The ticket's QR: the maintained `qrcode` package's SVG of the code, so the web needs no QR library. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** Orders and coupons of the prizes module: how a prize reaches the customer. */
export function createClaims(deps: ServiceDeps & { addressBook: AddressBookPort }) {
  const db = deps.database.db;
  const { clock, addressBook } = deps;

  async function confirm(corp: Corp, user: RequestUser, orderId: string, addNo: string): Promise<Order> {
    // Read before the transaction: the address book reads outside it (one SQLite connection).
    const address = await addressBook.get(corp.id, user.id, addNo);
    if (!address) throw new AppError('ADDRESS_NOT_FOUND');
    const snapshot: AddressSnapshot = {
      name: address.name,
      mobile: address.mobile,
      provinceName: address.provinceName,
      cityName: address.cityName,
      districtName: address.districtName,
      districtCode: address.districtCode,
      detail: address.detail,
    };
    return db.transaction().execute(async (tx) => {
      const o = await repo.getOrder(tx, corp.id, user.id, orderId);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      const now = clock();
      const state = orderState(o, now);
      if (state === 'confirmed' && o.address_snapshot) {
        // A retried confirm with the same address gets the same answer; another address is refused.
        const given = addressSnapshotSchema.parse(JSON.parse(o.address_snapshot));
        if (JSON.stringify(given) === JSON.stringify(snapshot)) return toOrder(o, now);
        throw new AppError('ORDER_STATE');
      }
      if (state === 'expired') throw new AppError('ORDER_EXPIRED');
      if (state !== 'awaiting_address') throw new AppError('ORDER_STATE');
      const ok = await repo.confirmOrder(tx, corp.id, orderId, {
        address_snapshot: JSON.stringify(snapshot),
        address_id: addNo,
        now,
      });
      if (!ok) throw new AppError('ORDER_STATE');
      await repo.setAwardStatusTx(tx, corp.id, o.award_id, 'exchanged', now);
      const after = await repo.getOrder(tx, corp.id, user.id, orderId);
      if (!after) throw new AppError('ORDER_NOT_FOUND');
      return toOrder(after, now);
    });
  }

  async function useCoupon(
    corp: Corp,
    user: RequestUser,
    couponId: string,
    channel: 'store' | 'online' | 'app',
    key: string,
  ): Promise<Coupon> {
    const now = clock();
    const c = await repo.getCoupon(db, corp.id, user.id, couponId);
    if (!c) throw new AppError('COUPON_NOT_FOUND');
    const state = couponState(c, now);
    if (state === 'used') {
      if (c.use_key === key) return toCoupon(c, now);
      throw new AppError('COUPON_USED');
    }
    if (state === 'expired') throw new AppError('COUPON_EXPIRED');
    const won = await repo.useCoupon(db, corp.id, user.id, couponId, { channel, key, now });
    const after = await repo.getCoupon(db, corp.id, user.id, couponId);
    if (!after) throw new AppError('COUPON_NOT_FOUND');
    // Lost a race to another use: the same key is the same request, anything else is a second use.
    if (!won && after.use_key !== key) throw new AppError('COUPON_USED');
    return toCoupon(after, now);
  }

  return {
    confirmOrder: confirm,
    useCoupon,

    async orderList(corp: Corp, user: RequestUser, state?: OrderState) {
      const now = clock();
      const orders = (await repo.listOrders(db, corp.id, user.id)).map((o) => toOrder(o, now));
      return state ? orders.filter((o) => o.state === state) : orders;
    },

    async orderDetail(corp: Corp, user: RequestUser, orderId: string) {
      const o = await repo.getOrder(db, corp.id, user.id, orderId);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      return toOrder(o, clock());
    },

    async orderOfAward(corpId: string, userId: string, awardId: string) {
      return (await repo.getOrderByAward(db, corpId, userId, awardId)) ?? null;
    },

    async couponInfo(corp: Corp, user: RequestUser, state?: CouponState) {
      const now = clock();
      const all = (await repo.listCoupons(db, corp.id, user.id)).map((c) => toCoupon(c, now));
      const counts = { unused: 0, used: 0, expired: 0 };
      for (const c of all) counts[c.state]++;
      return { counts, list: state ? all.filter((c) => c.state === state) : all };
    },

    async ticketDetail(corp: Corp, user: RequestUser, couponId: string) {
      const c = await repo.getCoupon(db, corp.id, user.id, couponId);
      if (!c?.coupon_code) throw new AppError('COUPON_NOT_FOUND');
      return { ...toCoupon(c, clock()), qrText: c.coupon_code, qrSvg: await qrSvg(c.coupon_code) };
    },

    async recentGoodsType(corp: Corp, user: RequestUser) {
      const rows = await repo.recentKinds(db, corp.id, user.id);
      return {
        types: rows
          .map((r) => ({ kind: r.kind, count: Number(r.n), lastAt: Number(r.last_at) }))
          .sort((a, b) => b.lastAt - a.lastAt),
      };
    },

    /** Operator moves (CLI `order ship|deliver|close`). */
    async moveOrder(
      corpId: string,
      orderId: string,
      to: 'shipped' | 'delivered' | 'closed',
      trackingNo?: string,
    ): Promise<OrderState> {
      const from: Record<typeof to, readonly OrderState[]> = {
        shipped: ['confirmed', 'paid'],
        delivered: ['shipped'],
        closed: ['awaiting_address', 'confirmed', 'paid', 'payment_failed'],
      };
      const o = await repo.orderOwner(db, corpId, orderId);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      const ok = await repo.moveOrder(db, corpId, orderId, from[to], to, clock(), trackingNo);
      if (!ok) throw new AppError('ORDER_STATE', `${o.status} → ${to}`);
      return to;
    },
  };
}
