import type { RouteData } from '@campaign/contract/client';

export type Coupon = RouteData<'couponInfo'>['list'][number];
export type CouponState = Coupon['state'];
export type CouponTab = CouponState | 'goods';

export const COUPON_TABS: readonly CouponTab[] = ['unused', 'used', 'expired', 'goods'];

/** The code in groups of four, as printed on a paper ticket ("ABCD EFGH 1234"): one format everywhere. */
export { groupCode } from '#web/shared/lib/code-format';

/** The QR as an image source: markup from our server, shown through <img> so no script in it can run. */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Days until a coupon stops being valid (rounded up; null without an end). */
export function daysUntil(validUntil: number | null, now: number): number | null {
  if (validUntil === null) return null;
  return Math.max(0, Math.ceil((validUntil - now) / 86_400_000));
}

/** A tab from the URL (`?tab=used`), unused when absent or unknown. */
export function tabFrom(value: string | null): CouponTab {
  return COUPON_TABS.find((x) => x === value) ?? 'unused';
}
