import type { RouteData } from '@campaign/contract/client';
import type { MessageKey } from '../messages';

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

/** The id format the server accepts (contract `discountIdSchema`): anything else is a broken link. */
const DISCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const DISCOUNT_NOT_FOUND = 3301;
const VALIDATION = 400;

export function isDiscountId(value: string): boolean {
  return DISCOUNT_ID.test(value);
}

/**
 * What /lijianDetail?discountId=… shows: a link without a (well-formed) id, an id the corp does not have,
 * an ended discount (its facts are history, nothing to pay with) each get a designed state of their own;
 * a scheduled, sold-out or live one shows its facts and says in place why it cannot be used yet.
 */
export type DetailPage = 'bad-link' | 'not-found' | 'ended' | 'failed' | 'loading' | 'show';

export function detailPage(
  discountId: string,
  q: { data?: Discount | undefined; errorCode?: number | undefined; status?: number | undefined; isError: boolean },
): DetailPage {
  if (!isDiscountId(discountId)) return 'bad-link';
  if (q.data) return q.data.status === 'ended' ? 'ended' : 'show';
  // The server answers an unknown id with HTTP 404 (spec §8 maps the status, the code stays unread).
  const unknown = q.status === 404 || q.errorCode === DISCOUNT_NOT_FOUND || q.errorCode === VALIDATION;
  if (q.isError) return unknown ? 'not-found' : 'failed';
  return 'loading';
}
