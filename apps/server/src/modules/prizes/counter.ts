import { maskMobile } from '@campaign/contract';
import type { Executor } from '../../db';
import type { ServiceDeps } from '../../platform/services';
import { couponValidUntil } from './claims-repo';

// A customer's ticket at a store's counter (issue 11): found by its code within the corp (the clerk does
// not know whose it is) and marked used once. The stores module reaches these through its TicketCounterPort.

function byCodeQuery(db: Executor, corpId: string, code: string) {
  return db
    .selectFrom('award')
    .innerJoin('prize', (j) =>
      j
        .onRef('prize.corp_id', '=', 'award.corp_id')
        .onRef('prize.act_id', '=', 'award.act_id')
        .onRef('prize.id', '=', 'award.prize_id'),
    )
    .innerJoin('activity', (j) =>
      j.onRef('activity.corp_id', '=', 'award.corp_id').onRef('activity.id', '=', 'award.act_id'),
    )
    .innerJoin('app_user', (j) =>
      j.onRef('app_user.corp_id', '=', 'award.corp_id').onRef('app_user.id', '=', 'award.user_id'),
    )
    .select([
      'award.id',
      'award.act_id',
      'award.status',
      'award.coupon_code',
      'award.created_at',
      'award.used_at',
      'award.used_channel',
      'activity.title as activity_title',
      'activity.coupon_valid_days',
      'prize.name as prize_name',
      'prize.image',
      'prize.value_cents',
      'app_user.mobile',
    ])
    .where('award.corp_id', '=', corpId)
    .where('award.kind', '=', 'coupon')
    .where('award.coupon_code', '=', code);
}

export interface CounterTicketRow {
  awardId: string;
  actId: string;
  code: string;
  prizeName: string;
  activityTitle: string;
  image: string;
  valueCents: number;
  used: boolean;
  usedAt: number | null;
  usedChannel: string | null;
  issuedAt: number;
  validUntil: number | null;
  customer: string;
}

export function createCounterTickets(deps: ServiceDeps) {
  const db = deps.database.db;
  return {
    /** The ticket with this code in this corp, or null (another corp's code is simply not found). */
    async byCode(corpId: string, code: string): Promise<CounterTicketRow | null> {
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
    async markRedeemed(tx: Executor, corpId: string, awardId: string, key: string, now: number): Promise<boolean> {
      const r = await tx
        .updateTable('award')
        .set({ status: 'exchanged', used_at: now, used_channel: 'store', use_key: key, updated_at: now })
        .where('corp_id', '=', corpId)
        .where('id', '=', awardId)
        .where('kind', '=', 'coupon')
        .where('status', '=', 'issued')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
