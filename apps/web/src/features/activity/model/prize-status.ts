import type { RouteData } from '@campaign/contract/client';
import { ORDER_STATE_VIEW, type OrderTone } from '#web/shared/ui/order-state';
import type { MessageKey } from '../messages';

type MyPrize = RouteData<'myPrizes'>[number];
type CouponState = NonNullable<MyPrize['couponState']>;

/**
 * The status a customer sees. Points are credited to the account at the draw ("已存入您的账户"), so a
 * points prize is "credited", never "to use"; a coupon shows its real state from the server (used,
 * expired), never the award row's "issued" once it is past its validity.
 */
export type ShownStatus =
  | 'issued'
  | 'awaiting_address'
  | 'exchanged'
  | 'credited'
  | 'expired'
  | 'order'
  | 'pending_approval'
  | 'declined';
export type PrizeTab = 'all' | 'action' | 'progress' | 'ended';

/**
 * Each coupon state as the prize list shows it; `use` says whether "立即使用" is offered. A new coupon
 * state (e.g. redeemed at a store) must be added here: the Record does not compile without it.
 */
export const COUPON_STATUS: Record<CouponState, { shown: ShownStatus; tone: OrderTone; use: boolean }> = {
  unused: { shown: 'issued', tone: 'action', use: true },
  used: { shown: 'exchanged', tone: 'done', use: false },
  expired: { shown: 'expired', tone: 'stopped', use: false },
  pending: { shown: 'pending_approval', tone: 'progress', use: false },
  declined: { shown: 'declined', tone: 'stopped', use: false },
};

export interface PrizeView {
  shown: ShownStatus;
  /** What the row looks like follows what the customer should do or see, never the award row alone. */
  tone: OrderTone;
  /** "立即使用" is offered. */
  canUse: boolean;
}

type PrizeFacts = Pick<MyPrize, 'kind' | 'status' | 'couponState' | 'orderState'>;

export function prizeView(prize: PrizeFacts): PrizeView {
  // A prize held for an approver (审核中) is on its way; a declined one is over. Whatever its kind.
  if (prize.status === 'pending_approval') return { shown: 'pending_approval', tone: 'progress', canUse: false };
  if (prize.status === 'declined') return { shown: 'declined', tone: 'stopped', canUse: false };
  if (prize.kind === 'points') return { shown: 'credited', tone: 'done', canUse: false };
  if (prize.orderState) return { shown: 'order', tone: ORDER_STATE_VIEW[prize.orderState].tone, canUse: false };
  if (prize.kind === 'coupon' && prize.couponState) {
    const c = COUPON_STATUS[prize.couponState];
    return { shown: c.shown, tone: c.tone, canUse: c.use };
  }
  if (prize.status === 'awaiting_address') return { shown: 'awaiting_address', tone: 'action', canUse: false };
  return prize.status === 'issued'
    ? { shown: 'issued', tone: 'action', canUse: prize.kind === 'coupon' }
    : { shown: 'exchanged', tone: 'done', canUse: false };
}

/** Tabs by what the customer has to do: act now, wait (on its way), or nothing more (used, ended). */
export const PRIZE_TABS: ReadonlyArray<{ key: PrizeTab; label: MessageKey }> = [
  { key: 'all', label: 'prizes.all' },
  { key: 'action', label: 'prizes.tab.action' },
  { key: 'progress', label: 'prizes.tab.progress' },
  { key: 'ended', label: 'prizes.tab.ended' },
];

export function inTab(prize: PrizeFacts, tab: PrizeTab): boolean {
  const { tone } = prizeView(prize);
  if (tab === 'all') return true;
  if (tab === 'ended') return tone === 'done' || tone === 'stopped';
  return tone === tab;
}
