import { featureMessages, type MessageKey as SharedKey } from '../../shared/i18n/messages';

/**
 * Strings only some activity screens need (the rules' fairness text, 我的奖品's points and discounts), in their
 * chunks rather than the entry's (docs/decisions/0142-messages-per-feature.md). `t` answers shared keys too.
 */
const zhCN = {
  'rules.algorithmText':
    '每次抽奖时，服务器用活动种子对“用户编号:第几次抽奖”计算 HMAC-SHA256，得到一个随机数，并按奖品权重的累计区间换算成奖品（超出区间的随机数重新计算，保证每个区间的机会与权重严格成正比）。活动发布时公开的承诺值是种子的 SHA-256 摘要；活动结束后公布种子，任何人都可用同样的方法复核每一次结果。',
  'prizes.pointsBalance': '我的积分',
  'prizes.pointsSoon': '积分兑换即将开放，积分会一直为您保留',
  'prizes.discountKind': '立减优惠',
  'prizes.discountDesc': '满 {threshold} 立减 {amount}',
  'prizes.discountLeft': '还可使用 {n} 次 · {at} 前有效',
  'prizes.discountUse': '去使用',
  'prizes.discountRule': '使用规则',
};

const enUS: Record<keyof typeof zhCN, string> = {
  'rules.algorithmText': '',
  'prizes.pointsBalance': 'My points',
  'prizes.pointsSoon': 'Exchanging points opens soon; your points are kept',
  'prizes.discountKind': 'Instant discount',
  'prizes.discountDesc': '{amount} off {threshold} or more',
  'prizes.discountLeft': '{n} uses left · valid until {at}',
  'prizes.discountUse': 'Use it',
  'prizes.discountRule': 'Rules',
};

export type MessageKey = keyof typeof zhCN | SharedKey;

export const t = featureMessages(zhCN, enUS);
