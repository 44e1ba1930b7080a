import { type ExportKind, maskMobile } from '@campaign/contract';
import { chinaTime } from '@campaign/contract/china-time';
import { couponState } from '../../platform/claim-states';
import { AUDIT_CSV_HEADER } from '../../platform/csv';

// Each export's columns (Chinese headers, as the people who open the file read them) and how a row
// becomes its cells. Personal data is masked unless the job is unmasked (an auditor or admin, with a
// reason, audited: service.ts). Mobiles are masked by the contract's maskMobile, the one both sides use.

/** 张三丰 → 张**. */
export function maskName(n: string | null | undefined): string {
  if (!n) return '';
  const chars = [...n];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}
/** A coupon code: its first 4 and last 2 characters. */
export function maskCode(c: string | null | undefined): string {
  if (!c) return '';
  return c.length > 6 ? `${c.slice(0, 4)}****${c.slice(-2)}` : '****';
}

const KIND_ZH: Record<string, string> = { coupon: '券', physical: '实物', points: '积分' };
const STATUS_ZH: Record<string, string> = {
  issued: '已发放',
  awaiting_address: '待填地址',
  exchanged: '已使用',
  pending_approval: '待审批',
  declined: '已驳回',
};
const COUPON_ZH = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
  pending: '审核中',
  declined: '未通过审核',
} as const;

export const HEADERS: Record<ExportKind, string[]> = {
  winners: ['中奖编号', '活动', '奖品编号', '奖品', '类型', '状态', '用户编号', '手机号', '中奖时间'],
  orders: ['订单号', '中奖编号', '活动', '奖品', '订单状态', '收货人', '手机号', '收货地址', '运单号', '下单时间'],
  redemptions: ['核销编号', '门店编号', '门店', '店员编号', '店员', '券码', '中奖编号', '活动', '核销时间'],
  coupons: ['中奖编号', '活动', '奖品', '券码', '手机号', '状态', '发放时间', '使用时间', '使用渠道'],
  audit: AUDIT_CSV_HEADER,
};

type Cells = (string | number)[];
// biome-ignore lint/suspicious/noExplicitAny: the rows come from sources.ts, one shape per kind.
type Row = Record<string, any>;

interface Address {
  name?: string;
  mobile?: string;
  provinceName?: string;
  cityName?: string;
  districtName?: string;
  detail?: string;
}

function address(snapshot: string | null): Address {
  if (!snapshot) return {};
  try {
    return JSON.parse(snapshot) as Address;
  } catch {
    return {};
  }
}

const phone = (m: string | null | undefined, unmasked: boolean) => (unmasked ? (m ?? '') : maskMobile(m));

/** The cells of one row; `now` decides a coupon's expiry. */
export function cells(kind: ExportKind, r: Row, unmasked: boolean, now: number): Cells {
  switch (kind) {
    case 'winners':
      return [
        r.id,
        r.act_id,
        r.prize_id,
        r.prize_name ?? '',
        KIND_ZH[r.kind] ?? r.kind,
        STATUS_ZH[r.status] ?? r.status,
        r.user_id,
        phone(r.mobile, unmasked),
        chinaTime(r.created_at),
      ];
    case 'orders': {
      const a = address(r.address_snapshot);
      const region = [a.provinceName, a.cityName, a.districtName].filter(Boolean).join('');
      return [
        r.id,
        r.award_id,
        r.act_id,
        r.prize_name ?? '',
        r.status,
        unmasked ? (a.name ?? '') : maskName(a.name),
        phone(a.mobile, unmasked),
        a.detail === undefined ? '' : unmasked ? `${region}${a.detail}` : `${region}****`,
        r.tracking_no ?? '',
        chinaTime(r.created_at),
      ];
    }
    case 'redemptions':
      return [
        r.id,
        r.store_id,
        r.store_name ?? '',
        r.staff_id,
        r.staff_name,
        unmasked ? r.code : maskCode(r.code),
        r.award_id,
        r.act_id,
        chinaTime(r.redeemed_at),
      ];
    case 'coupons':
      return [
        r.id,
        r.act_id,
        r.prize_name ?? '',
        unmasked ? (r.coupon_code ?? '') : maskCode(r.coupon_code),
        phone(r.mobile, unmasked),
        COUPON_ZH[
          couponState(
            {
              status: r.status,
              created_at: Number(r.created_at),
              coupon_valid_days: r.coupon_valid_days === null ? null : Number(r.coupon_valid_days),
            },
            now,
          )
        ],
        chinaTime(r.created_at),
        chinaTime(r.used_at),
        r.used_channel ?? '',
      ];
    case 'audit':
      return [
        Number(r.seq),
        chinaTime(r.at),
        r.actor_id ?? '',
        r.actor_name ?? '',
        r.actor_roles ? (JSON.parse(r.actor_roles) as string[]).join('|') : '',
        r.ip ?? '',
        r.action,
        r.subject ?? '',
        r.before ?? '',
        r.after ?? '',
        r.prev_hash,
        r.hash,
      ];
  }
}
