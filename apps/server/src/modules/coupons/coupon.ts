import type { Coupon } from '@campaign/contract';
import QRCode from 'qrcode';
import { couponState, couponValidUntil } from '../../platform/claim-states';
import type * as repo from './repo';

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
