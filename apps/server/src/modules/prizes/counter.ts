import { maskMobile } from '@campaign/contract';
import type { Executor } from '../../db';
import type { ServiceDeps } from '../../platform/services';
import { couponColumns, couponValidUntil, useCoupon } from './claims-repo';
import { corpAwards } from './repo';

// A customer's ticket at a store's counter (issue 11): found by its code within the corp (the clerk does
// not know whose it is) and marked used once. The stores module reaches these through its TicketCounterPort.

function byCodeQuery(db: Executor, corpId: string, code: string) {
  return corpAwards(db, corpId)
    .innerJoin('app_user', (j) =>
      j.onRef('app_user.corp_id', '=', 'award.corp_id').onRef('app_user.id', '=', 'award.user_id'),
    )
    .select([...couponColumns, 'app_user.mobile'])
    .where('award.kind', '=', 'coupon')
    .where('award.coupon_code', '=', code);
}

export function createCounterTickets(deps: ServiceDeps) {
  const db = deps.database.db;
  return {
    /** The ticket with this code in this corp, or null (another corp's code is simply not found). */
    async byCode(corpId: string, code: string) {
      const r = await byCodeQuery(db, corpId, code).executeTakeFirst();
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

    /** Marks an issued ticket used at a store, inside the caller's transaction: of concurrent calls one wins. */
    markRedeemed(tx: Executor, corpId: string, awardId: string, key: string, now: number): Promise<boolean> {
      return useCoupon(tx, corpId, null, awardId, { channel: 'store', key, now });
    },
  };
}
