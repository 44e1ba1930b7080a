import { maskMobile } from '@campaign/contract';
import type { PortTx } from '../../db/owners';
import { couponValidUntil } from '../../platform/claim-states';
import type { CouponsDeps } from './deps';
import * as repo from './repo';

/**
 * A customer's ticket at a store's counter (issue 11): found by its code within the corp and marked used
 * once. The stores module reaches these through its TicketCounterPort.
 */
export function ticketCounter(deps: CouponsDeps) {
  const db = deps.database.db;
  return {
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
      return deps.awards.markUsed(tx, corpId, null, awardId, { channel: 'store', key, now });
    },
  };
}
