import type { RouteData } from '@campaign/contract/client';
import type { MessageKey } from '../../../shared/i18n/messages';

export type Discount = RouteData<'discountDetail'>;

export const STATUS_LABEL: Record<Discount['status'], MessageKey> = {
  scheduled: 'lijian.status.scheduled',
  live: 'lijian.status.live',
  ended: 'lijian.status.ended',
  sold_out: 'lijian.status.sold_out',
};

export type Blocker = 'not-live' | 'used-up' | 'none-today' | null;

/** Why this customer cannot use the discount now (null: they can). */
export function blocker(d: Discount): Blocker {
  if (d.status !== 'live') return 'not-live';
  if (d.userLeft <= 0) return 'used-up';
  if (d.leftToday !== null && d.leftToday <= 0) return 'none-today';
  if (d.totalLeft <= 0) return 'not-live';
  return null;
}

/** What the customer would pay: the discount applies from the threshold on, never below one cent. */
export function preview(d: Pick<Discount, 'amountCents' | 'thresholdCents'>, amountCents: number | null) {
  if (amountCents === null) return null;
  const applies = amountCents >= d.thresholdCents;
  const discountCents = applies ? Math.min(d.amountCents, amountCents - 1) : 0;
  return { applies, discountCents, payCents: amountCents - discountCents };
}
