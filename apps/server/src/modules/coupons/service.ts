import { type Coupon, type CouponState, maskMobile } from '@campaign/contract';
import QRCode from 'qrcode';
import type { PortTx } from '../../db/owners';
import { couponState, couponValidUntil } from '../../platform/claim-states';
import { AppError } from '../../platform/errors';
import type { ServiceDeps } from '../../platform/services';
import type { RequestUser } from '../../platform/session';
import type { Corp } from '../../platform/tenancy';
import type { CouponUsePort } from './ports';
import * as repo from './repo';

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
    validUntil: couponValidUntil(c),
    usedAt: c.used_at,
    usedChannel: c.used_channel,
  };
}

/** The ticket's QR: the maintained `qrcode` package's SVG of the code, so the web needs no QR library. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The customer's coupons and tickets, their use, and a ticket at a store's counter. */
export function createCouponsService(deps: ServiceDeps<'coupons'> & { awards: CouponUsePort }) {
  const db = deps.database.db;
  const { clock, awards } = deps;

  return {
    async couponInfo(corp: Corp, user: RequestUser, state?: CouponState) {
      const now = clock();
      const all = (await repo.listCoupons(db, corp.id, user.id)).map((c) => toCoupon(c, now));
      const counts = { unused: 0, used: 0, expired: 0, pending: 0, declined: 0 };
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

    /** The customer uses a coupon once; a retry with the same key gets the same answer. */
    async useCoupon(
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
      if (state === 'pending') throw new AppError('PRIZE_PENDING_APPROVAL');
      if (state === 'declined') throw new AppError('PRIZE_DECLINED');
      const won = await awards.markUsed(null, corp.id, user.id, couponId, { channel, key, now });
      const after = await repo.getCoupon(db, corp.id, user.id, couponId);
      if (!after) throw new AppError('COUPON_NOT_FOUND');
      // Lost a race to another use: the same key is the same request, anything else is a second use.
      if (!won && after.use_key !== key) throw new AppError('COUPON_USED');
      return toCoupon(after, now);
    },

    /**
     * A customer's ticket at a store's counter (issue 11): found by its code within the corp and marked used
     * once. The stores module reaches these through its TicketCounterPort.
     */
    counter: {
      /** The ticket with this code in this corp, or null (another corp's code is simply not found). */
      async byCode(corpId: string, code: string) {
        const r = await repo.ticketByCode(db, corpId, code);
        if (!r?.coupon_code) return null;
        return {
          awardId: r.id,
          actId: r.act_id,
          code: r.coupon_code,
          prizeName: r.prize_name,
          activityTitle: r.activity_title,
          image: r.image,
          valueCents: r.value_cents,
          used: r.status === 'exchanged',
          usedAt: r.used_at,
          usedChannel: r.used_channel,
          issuedAt: r.created_at,
          validUntil: couponValidUntil(r),
          customer: r.mobile ? maskMobile(r.mobile) : '—',
        };
      },
      /** Marks the ticket used at the counter, inside the redemption's transaction; false if it already was. */
      markRedeemed(tx: PortTx, corpId: string, awardId: string, key: string, now: number): Promise<boolean> {
        return awards.markUsed(tx, corpId, null, awardId, { channel: 'store', key, now });
      },
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
