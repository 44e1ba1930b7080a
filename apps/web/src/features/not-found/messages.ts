import { featureMessages, type MessageKey as SharedKey } from '../../shared/i18n/messages';

/** The missing-corp page's text, in its own chunk (docs/decisions/0142-messages-per-feature.md). */
const zhCN = {
  'corp.missingDesc': '这个活动链接缺少所属银行的信息，无法打开。请回到银行 App 或活动短信，重新点击活动入口进入。',
};

const enUS: Record<keyof typeof zhCN, string> = {
  'corp.missingDesc':
    'The link does not say which bank the campaign belongs to. Open it again from the bank app or its message.',
};

export type MessageKey = keyof typeof zhCN | SharedKey;

export const t = featureMessages(zhCN, enUS);
