import { featureMessages, type MessageKey as SharedKey } from '../../shared/i18n/messages';

/** Strings of the coupon screens only (docs/decisions/0142-messages-per-feature.md). */
const zhCN = {
  'coupon.confirmUse': '确认后此券将标记为已使用，且无法撤销。请确认店员已核销。',
};

const enUS: Record<keyof typeof zhCN, string> = {
  'coupon.confirmUse': 'Once confirmed the ticket is used for good. Has the clerk redeemed it?',
};

export type MessageKey = keyof typeof zhCN | SharedKey;

export const t = featureMessages(zhCN, enUS);
